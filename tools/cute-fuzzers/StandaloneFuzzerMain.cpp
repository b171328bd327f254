//===- StandaloneFuzzerMain.cpp - Run a fuzz target over files ------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The main of a fuzz target built without libFuzzer (any compiler): runs the
// target once on each file named, or on every file of each directory named,
// so that saved reproducers run as regression tests in every build.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool runFile(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "error: cannot read %s\n", path.c_str());
    return false;
  }
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()),
                         bytes.size());
  return true;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE-OR-DIRECTORY...\n", argv[0]);
    return 2;
  }
  unsigned ran = 0;
  for (int i = 1; i < argc; ++i) {
    std::filesystem::path arg(argv[i]);
    std::error_code error;
    if (std::filesystem::is_directory(arg, error)) {
      for (const auto &entry : std::filesystem::directory_iterator(arg)) {
        if (!entry.is_regular_file())
          continue;
        if (!runFile(entry.path()))
          return 1;
        ++ran;
      }
    } else {
      if (!runFile(arg))
        return 1;
      ++ran;
    }
  }
  std::printf("ran %u inputs\n", ran);
  return 0;
}
