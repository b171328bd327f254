# Sourced by the GPU machine's scripts (gpu-test.sh, gpu-python.sh), with
# $bundle set to the bundle of gpu-bundle.sh: unpacks its LLVM, MLIR and Z3
# Debian packages into $prefix and puts their libraries and the bundle's own
# on LD_LIBRARY_PATH.
prefix="${CUTE_MLIR_PREFIX:-/tmp/cute-mlir-prefix}"
mkdir -p "$prefix"
for deb in "$bundle"/debs/*.deb; do
  dpkg -x "$deb" "$prefix"
done
# The bundle's binaries, which travel compressed (gpu-bundle.sh); unpacked
# on every call, since an earlier trip's may still be there.
for packed in "$bundle"/bin/*.xz "$bundle"/lib/*.xz; do
  [[ -f "$packed" ]] || continue
  xz -dc "$packed" > "${packed%.xz}"
  chmod +x "${packed%.xz}"
done
export LD_LIBRARY_PATH="$prefix/usr/lib/llvm-22/lib:$prefix/usr/lib/x86_64-linux-gnu:$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
