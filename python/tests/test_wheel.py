"""The wheel the build writes installs into a fresh virtual environment with
no network and works there without the build tree."""

import os
import pathlib
import subprocess
import sys
import venv

import pytest

WHEEL = os.environ.get("CUTE_MLIR_WHEEL")


@pytest.mark.skipif(not WHEEL or not pathlib.Path(WHEEL).is_file(),
                    reason="no wheel built (run under ctest after the build)")
def test_wheel_installs_into_a_venv_and_runs(tmp_path):
    env_dir = tmp_path / "venv"
    try:
        venv.create(env_dir, with_pip=True)
    except subprocess.CalledProcessError as e:
        pytest.skip(f"no ensurepip here: {e}")
    python = env_dir / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "--no-index", "-q", WHEEL],
                   check=True)
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith("CUTE_MLIR_")}
    clean["CUTE_MLIR_CACHE_DIR"] = str(tmp_path / "cache")
    script = (
        "import cute_mlir, cute_mlir._capi as c;"
        "from cute_mlir.layout import Layout, logical_divide;"
        "assert 'site-packages' in str(c.path), c.path;"
        "print(logical_divide(Layout((4, 8), (8, 1)), Layout(2, 2)))\n"
        "from cute_mlir.builder import barrier, build, index, kernel\n"
        "def k(n: index): barrier()\n"
        "print(list(build(kernel(k)).compile(chip='sm_80').kernels))")
    out = subprocess.run([python, "-c", script], cwd=tmp_path, env=clean,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["(2,(2,8)):(16,(8,1))", "['k']"]
