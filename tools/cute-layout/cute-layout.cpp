//===- cute-layout.cpp - A command-line CuTe layout calculator ------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
//   cute-layout 'logical_divide((8,8):(1,8), (2:1,4:2))'
//   echo 'coalesce((2,(1,6)):(1,(6,2)))' | cute-layout
//   cute-layout --table 'blocked_product((2,2):(1,2), (3,4):(4,1))'
//   cute-layout --svg out.svg '(4,8):(8,1)'
//   cute-layout --list-mma-atoms
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Calculator/Calculator.h"

#include "cute-mlir/Atom/MmaAtom.h"
#include "cute-mlir/Layout/Render.h"

#include <fstream>
#include <iostream>
#include <string>

using namespace mlir::cute;

static void printUsage(std::ostream &os) {
  os << "usage: cute-layout [--table] [--svg FILE] [EXPRESSION]\n"
        "       cute-layout --list-mma-atoms\n"
        "\n"
        "Evaluates CuTe layout-algebra expressions and prints the result in\n"
        "CuTe notation. Without EXPRESSION, reads one expression per line "
        "from\n"
        "standard input and prints one result per line (`error: <reason>` for\n"
        "a rejected input).\n"
        "\n"
        "  --echo       print each expression before its result\n"
        "  --type       print dynamic leaves as the `?` slots of a cute type\n"
        "  --table      print a rank-1/2 layout result as CuTe's print_layout\n"
        "  --svg FILE   draw the result into FILE: a rank-1/2 layout, or the\n"
        "               threads and values of an atom, TiledMMA or TiledCopy\n"
        "  --list-mma-atoms  print the name of every MMA atom of the tables\n"
        "               (UniversalFMA<...> aside), one per line\n"
        "\n"
        "Values: layouts `(4,(2,3)):(2,(1,8))`, tuples `(2,4)`, ints, `_`,\n"
        "dynamic leaves `?`, `?N`, `?N{div=16}`, swizzles `Sw<3,4,3>`, "
        "composed\n"
        "layouts `Sw<3,4,3> o 0 o (8,8):(8,1)`.\n"
        "\n"
        "Functions:";
  for (const std::string &fn : calculatorFunctions())
    os << " " << fn;
  os << "\n";
}

namespace {
struct Options {
  bool echo = false;
  bool typeSlots = false;
  bool table = false;
  std::string svgPath;
};
} // namespace

/// Evaluate one expression and print its result; false on error.
static bool run(const std::string &expr, const Options &opts, std::ostream &out,
                std::ostream &err) {
  if (opts.echo)
    out << expr << "\n  = ";
  Result<CalcValue> value = evaluateExpression(expr);
  if (value.failed()) {
    err << "error: " << value.message() << "\n";
    return false;
  }
  const auto *term = std::get_if<Term>(&value->value);
  const auto *text = std::get_if<CalcValue::Text>(&value->value);
  bool isLayout = term && term->kind() == Term::Kind::Layout;
  bool hasPicture = text && text->draw;
  if (opts.table && !isLayout) {
    err << "error: --table needs a layout result, got " << value->str() << "\n";
    return false;
  }
  if (!opts.svgPath.empty() && !isLayout && !hasPicture) {
    err << "error: --svg needs a layout, an atom, a TiledMMA or a TiledCopy, "
           "got "
        << value->str() << "\n";
    return false;
  }
  if (opts.table) {
    Result<std::string> table = renderTable(term->layout());
    if (table.failed()) {
      err << "error: " << table.message() << "\n";
      return false;
    }
    out << *table;
  } else {
    out << value->str(opts.typeSlots) << "\n";
  }
  if (!opts.svgPath.empty()) {
    Result<std::string> svg =
        hasPicture ? text->draw() : renderSvg(term->layout());
    if (svg.failed()) {
      err << "error: " << svg.message() << "\n";
      return false;
    }
    std::ofstream file(opts.svgPath);
    file << *svg;
    if (!file) {
      err << "error: cannot write " << opts.svgPath << "\n";
      return false;
    }
  }
  return true;
}

int main(int argc, char **argv) {
  Options opts;
  std::string expr;
  bool haveExpr = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      printUsage(std::cout);
      return 0;
    }
    if (arg == "--list-mma-atoms") {
      for (const std::string &name : mmaAtomNames())
        std::cout << name << "\n";
      return 0;
    }
    if (arg == "--echo") {
      opts.echo = true;
    } else if (arg == "--type") {
      opts.typeSlots = true;
    } else if (arg == "--table") {
      opts.table = true;
    } else if (arg == "--svg") {
      if (i + 1 >= argc) {
        std::cerr << "error: --svg needs a file name\n";
        return 2;
      }
      opts.svgPath = argv[++i];
    } else if (arg.size() > 2 && arg.rfind("--", 0) == 0) {
      std::cerr << "error: unknown option " << arg << "\n";
      printUsage(std::cerr);
      return 2;
    } else if (haveExpr) {
      std::cerr << "error: more than one expression; quote the expression\n";
      return 2;
    } else {
      expr = arg;
      haveExpr = true;
    }
  }

  if (haveExpr)
    return run(expr, opts, std::cout, std::cerr) ? 0 : 1;

  // One expression per line; errors go to stdout in line with the results so
  // that line N of the output answers line N of the input.
  bool allOk = true;
  std::string line;
  while (std::getline(std::cin, line)) {
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#')
      continue;
    allOk &= run(line, opts, std::cout, std::cout);
  }
  return allOk ? 0 : 1;
}
