"""Writes the cute_mlir wheel: the package's Python files and
libCuteMlirCAPI.so, as `pip install` takes it with no network and no build
backend. Run by the build (the python-wheel target).

    python3 make_wheel.py <package source dir> <libCuteMlirCAPI.so> <out dir>
"""

import base64
import hashlib
import pathlib
import sys
import zipfile

NAME, VERSION = "cute_mlir", "0.1.0"
TAG = "py3-none-linux_x86_64"  # any CPython 3: the library is loaded by ctypes


def record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
    return f"{path},sha256={digest.rstrip(b'=').decode()},{len(data)}"


def main(source, library, out):
    source, out = pathlib.Path(source), pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    files = {f"{NAME}/{p.name}": p.read_bytes()
             for p in sorted(source.glob("*.py"))}
    files[f"{NAME}/_lib/libCuteMlirCAPI.so"] = pathlib.Path(library).read_bytes()
    info = f"{NAME}-{VERSION}.dist-info"
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {VERSION}\n"
        "Summary: CuTe's layout algebra and atoms, and cute-mlir kernels "
        "compiled and launched from Python\nRequires-Python: >=3.9\n").encode()
    files[f"{info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: cute-mlir make_wheel.py\n"
        f"Root-Is-Purelib: false\nTag: {TAG}\n").encode()
    record = [record_line(p, d) for p, d in files.items()]
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = out / f"{NAME}-{VERSION}-{TAG}.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files.items():
            entry = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            entry.external_attr = (0o755 if path.endswith(".so") else
                                   0o644) << 16
            z.writestr(entry, data, zipfile.ZIP_DEFLATED)
    print(wheel)


if __name__ == "__main__":
    main(*sys.argv[1:])
