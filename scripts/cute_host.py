"""What cute-diff.py and atom-diff.py share: where CuTe's headers and our
build are, CuTe C++ text of our tuples, and compiling many cases into one
host program, split where CuTe's static assertions reject some of them.
Only the Python standard library is used.
"""
import os
import subprocess


def add_location_arguments(parser):
    """--cutlass, --cccl, --cuda-include and --build on `parser`."""
    parser.add_argument("--cutlass", required=True,
                        help="CUTLASS's include directory (holding cute/)")
    parser.add_argument("--cccl", default="/usr/local/cuda/include/cccl",
                        help="the directory holding cuda/std (CUDA 13: "
                        "TOOLKIT/include/cccl)")
    parser.add_argument("--cuda-include", default="/usr/local/cuda/include")
    parser.add_argument("--build", default="build")


def include_flags(args):
    """g++'s -I flags for CuTe's headers, from add_location_arguments'."""
    return [f"-I{d}" for d in (args.cutlass, args.cccl, args.cuda_include)]


def text(t):
    """Our notation of an int or a nested tuple of ints."""
    return str(t) if isinstance(t, int) else \
        "(" + ",".join(text(x) for x in t) + ")"


def cpp_tuple(t, maker):
    """C++ of a static int or tuple: Int<n>{} and maker(...) (make_shape,
    make_stride, ...)."""
    if isinstance(t, int):
        return f"Int<{t}>{{}}"
    return f"{maker}(" + ", ".join(cpp_tuple(x, maker) for x in t) + ")"


def compile_split(batch, source_of, command, workdir, tag, results_of):
    """Compile the (index, C++) cases of `batch` into one program (its text
    from source_of(batch), built by `command` + [source, -o, binary]) and
    return results_of(batch, binary). A batch that does not compile is split
    in halves until each case compiles or fails alone: ("rejected", the
    first error line) for that case."""
    source = os.path.join(workdir, f"{tag}.cpp")
    binary = os.path.join(workdir, tag)
    with open(source, "w") as f:
        f.write(source_of(batch))
    build = subprocess.run(command + [source, "-o", binary],
                           capture_output=True, text=True, check=False)
    if build.returncode == 0:
        return results_of(batch, binary)
    if len(batch) == 1:
        first = next((line for line in build.stderr.splitlines()
                      if "error" in line), build.stderr[:200])
        return {batch[0][0]: ("rejected", first.strip())}
    half = len(batch) // 2
    out = compile_split(batch[:half], source_of, command, workdir, tag + "a",
                        results_of)
    out.update(compile_split(batch[half:], source_of, command, workdir,
                             tag + "b", results_of))
    return out
