# -*- Python -*-
# lit configuration for the cute-mlir tests.

import importlib.util
import os

import lit.util

import lit.formats
from lit.llvm import llvm_config

config.name = "CUTE_MLIR"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cute_mlir_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.cute_mlir_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    ["cute-layout", "cute-opt", "cute-fuzz-attribute",
     "cute-fuzz-layout-expression", "cute-fuzz-layout-notation",
     "cute-fuzz-module"], tool_dirs)

# The shipped examples are compiled by the tests in Examples/.
config.substitutions.append(
    ("%examples", os.path.join(os.path.dirname(config.test_source_root),
                               "examples")))

# CPU execution tests run lowered IR with upstream mlir-runner.
llvm_config.add_tool_substitutions(["mlir-opt", "llvm-nm"],
                                   [config.llvm_tools_dir])
# In a sanitizer build (CUTE_MLIR_SANITIZERS), mlir-runner, which is not
# instrumented, loads our instrumented libraries only with the sanitizer
# runtimes preloaded; LLVM's JIT, not ours, would fail leak checking.
if getattr(config, "cute_mlir_sanitizers", False):
    from lit.llvm.subst import ToolSubst
    config.available_features.add("sanitizers")
    llvm_config.add_tool_substitutions([ToolSubst(
        "mlir-runner", command="env",
        extra_args=["LD_PRELOAD=" + config.sanitizer_runtimes,
                    "ASAN_OPTIONS=detect_leaks=0",
                    os.path.join(config.llvm_tools_dir, "mlir-runner")])],
        [config.llvm_tools_dir])
else:
    llvm_config.add_tool_substitutions(["mlir-runner"],
                                       [config.llvm_tools_dir])
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# The GPU machine receives Debian's mlir-opt in the bundle only.
if os.path.exists(os.path.join(config.llvm_tools_dir, "mlir-opt")):
    config.available_features.add("mlir-opt")
config.substitutions.append(
    ("%mlir_c_runner_utils",
     os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so")))

# ptxas checks the PTX we emit; without a CUDA toolkit those tests are skipped.
ptxas = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin",
                     "ptxas")
if os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
if os.path.exists(os.path.join(os.path.dirname(ptxas), "cuobjdump")):
    config.available_features.add("cuobjdump")

# Install/: `cmake --install` of this build, consumed by an out-of-tree
# project; needs the CMake facts of the build (a GPU bundle's lit has none).
if getattr(config, "cmake_command", None):
    config.available_features.add("cmake-build-tree")
    config.substitutions.extend([
        ("%cmake_generator", '"%s"' % config.cmake_generator),
        ("%cmake_make_program", config.cmake_make_program),
        ("%cmake", config.cmake_command),
        ("%mlir_cmake_dir", config.mlir_cmake_dir),
        ("%cute_obj_root", config.cute_mlir_obj_root),
        ("%cute_src_root", config.cute_mlir_src_root),
    ])

# cute-run, and the runtime library for upstream mlir-runner. With
# CUTE_MLIR_SANITIZER=memcheck (racecheck, synccheck, initcheck) every
# cute-run runs under that compute-sanitizer tool, and any error it reports
# fails the test (scripts/gpu-test.sh --sanitize).
sanitizer = os.environ.get("CUTE_MLIR_SANITIZER")
if sanitizer:
    from lit.llvm.subst import ToolSubst
    cute_run = lit.util.which("cute-run", os.pathsep.join(tool_dirs))
    checker = lit.util.which("compute-sanitizer") or os.path.join(
        os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin",
        "compute-sanitizer")
    llvm_config.add_tool_substitutions([ToolSubst(
        "cute-run", command=checker,
        extra_args=["--tool", sanitizer, "--error-exitcode", "97",
                    "--print-limit", "20", "--require-cuda-init", "no",
                    cute_run])], tool_dirs)
else:
    llvm_config.add_tool_substitutions(["cute-run"], tool_dirs)
lib_dir = os.path.join(config.cute_mlir_obj_root, "lib")
config.substitutions.append(
    ("%cute_runtime", os.path.join(lib_dir, "libCuteRuntime.so")))
# The Python package's library, for the bench's tests that build kernels.
config.substitutions.append(
    ("%cute_capi", os.path.join(lib_dir, "libCuteMlirCAPI.so")))
# A recording fake driver lets cute-run's tests run without a GPU.
config.substitutions.append(
    ("%fake_libcuda", os.path.join(lib_dir, "libFakeCuda.so")))
# Keep tests from reading or filling the user's cache.
config.environment["XDG_CACHE_HOME"] = os.path.join(config.test_exec_root,
                                                    "xdg-cache")


def cuda_compute_capability():
    """Device 0's (major, minor), or None without a driver or device."""
    import ctypes
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return None
    count, major, minor = ctypes.c_int(0), ctypes.c_int(0), ctypes.c_int(0)
    if cuda.cuInit(0) != 0 or \
            cuda.cuDeviceGetCount(ctypes.byref(count)) != 0 or count.value < 1:
        return None
    # CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR/MINOR = 75/76.
    cuda.cuDeviceGetAttribute(ctypes.byref(major), 75, 0)
    cuda.cuDeviceGetAttribute(ctypes.byref(minor), 76, 0)
    return (major.value, minor.value)


# GPU integration tests (Integration/GPU) need a device, and sm_90a code an
# sm_90 one; elsewhere they are reported UNSUPPORTED, not failed.
capability = cuda_compute_capability()
if capability:
    config.available_features.add("cuda-device")
    if capability >= (8, 0):
        config.available_features.add("cuda-sm80")
    if capability == (9, 0):
        config.available_features.add("cuda-sm90a")

# bench/gpu_check.py checks kernels on the GPU through CuPy and torch.
config.substitutions.append(
    ("%bench", os.path.join(os.path.dirname(config.test_source_root),
                            "bench")))
if all(importlib.util.find_spec(m) for m in ("cupy", "torch")):
    config.available_features.add("cupy-torch")
