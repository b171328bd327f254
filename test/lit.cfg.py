# -*- Python -*-
# lit configuration for the cute-mlir tests.

import os

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
llvm_config.add_tool_substitutions(["cute-layout", "cute-opt"], tool_dirs)

# The shipped examples are compiled by the tests in Examples/.
config.substitutions.append(
    ("%examples", os.path.join(os.path.dirname(config.test_source_root),
                               "examples")))

# CPU execution tests run lowered IR with upstream mlir-runner.
llvm_config.add_tool_substitutions(["mlir-runner"], [config.llvm_tools_dir])
config.substitutions.append(
    ("%mlir_c_runner_utils",
     os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so")))

# ptxas checks the PTX we emit; without a CUDA toolkit those tests are skipped.
ptxas = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin",
                     "ptxas")
if os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
