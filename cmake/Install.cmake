# `cmake --install` lays out headers (ours and the generated .inc files),
# the libraries, the tools (add_mlir_tool installs those) and a CMake package:
#
#   find_package(CuteMLIR REQUIRED CONFIG)   # finds MLIR 22 first
#   target_link_libraries(my-opt PRIVATE CuteMLIR::MLIRCuteNVGPUToNVVM ...)
#
# examples/standalone is a project that consumes it.

include(CMakePackageConfigHelpers)

set(CUTE_MLIR_EXPORTED_LIBRARIES
  CuteLayout
  CuteAtoms
  MLIRCute
  MLIRCuteTransforms
  MLIRCuteNVGPU
  MLIRCuteNVGPUTransforms
  MLIRCuteNVGPUToNVVM
  CuteRuntime
)
foreach(lib ${CUTE_MLIR_EXPORTED_LIBRARIES})
  target_include_directories(${lib} INTERFACE $<INSTALL_INTERFACE:include>)
  # Sanitized code needs the sanitizer runtimes wherever it is linked.
  if(CUTE_MLIR_SANITIZERS)
    target_link_options(${lib} INTERFACE -fsanitize=address,undefined)
  endif()
endforeach()
# The passes use LLVM's command-line options: a consumer links libLLVM too
# (in-tree, add_mlir_tool adds it to the tools).
if(TARGET LLVM)
  target_link_libraries(MLIRCuteNVGPUToNVVM INTERFACE $<INSTALL_INTERFACE:LLVM>)
endif()

install(TARGETS ${CUTE_MLIR_EXPORTED_LIBRARIES}
  EXPORT CuteMLIRTargets
  ARCHIVE DESTINATION lib
  LIBRARY DESTINATION lib
)
install(TARGETS cute-layout RUNTIME DESTINATION bin)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/cute-mlir
  DESTINATION include
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td"
)
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/cute-mlir
  DESTINATION include
  FILES_MATCHING PATTERN "*.inc" PATTERN "CMakeFiles" EXCLUDE
)
install(EXPORT CuteMLIRTargets
  NAMESPACE CuteMLIR::
  DESTINATION lib/cmake/CuteMLIR
)
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/CuteMLIRConfig.cmake.in
  ${PROJECT_BINARY_DIR}/lib/cmake/CuteMLIR/CuteMLIRConfig.cmake
  INSTALL_DESTINATION lib/cmake/CuteMLIR
)
install(FILES ${PROJECT_BINARY_DIR}/lib/cmake/CuteMLIR/CuteMLIRConfig.cmake
  DESTINATION lib/cmake/CuteMLIR
)
