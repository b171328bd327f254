"""Runs the suite against the build tree's package and library; GPU tests
are skipped where no GPU can be used."""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from cute_mlir import runtime  # noqa: E402


def _gpu_reason():
    try:
        runtime.device_name()
        return None
    except runtime.NoGpuError as e:
        return str(e)


NO_GPU = _gpu_reason()
requires_gpu = pytest.mark.skipif(NO_GPU is not None,
                                  reason=f"no GPU: {NO_GPU}")


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Each test compiles into its own cache, never the user's."""
    monkeypatch.setenv("CUTE_MLIR_CACHE_DIR", str(tmp_path / "cache"))
