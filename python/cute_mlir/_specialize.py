"""A kernel of a module's text compiled for one launch.

``compiler.specialize`` writes the promises ``cute-specialize-kernels`` folds
(``cute.known_value`` on arguments, ``known_grid_size`` and
``known_cluster_size`` on the kernel) into a ``gpu.func`` of any module, such
as a kernel library's ``.mlir`` file, through MLIR's C API; the builder's
``Kernel.specialize`` does the same for kernels built in Python.
"""

import re

from . import _mlir
from ._capi import MlirStringRef as _S, lib
from ._mlir import NamedAttribute, is_null, printed

KNOWN_VALUE = "cute.known_value"


def known_value_error(kernel, what, type_text, value):
    """The exception to raise if `value` cannot be the known value of
    argument `what` (of type `type_text`) of `kernel`, else None."""
    if not re.fullmatch(r"index|i\d+", type_text):
        kind = what.split()[0]  # "argument" or "parameter"
        return TypeError(f"{kernel}: {what} is {type_text}; only integer and "
                         f"index {kind}s can be specialized")
    if isinstance(value, bool) or not isinstance(value, int):
        return TypeError(f"{kernel}: {what}={value!r} is not an integer")
    # A signless integer of N bits holds -2^(N-1) .. 2^N - 1; index, 64.
    bits = 64 if type_text == "index" else int(type_text[1:])
    if not -(1 << max(bits - 1, 0)) <= value < (1 << bits):
        return ValueError(f"{kernel}: {what}={value} does not fit {type_text}")
    return None


def _kernels_named(root, name):
    """The gpu.func kernels of `root` whose symbol is `name`."""
    found = []

    def visit(op, _):
        op_name = lib.mlirIdentifierStr(lib.mlirOperationGetName(op)).str()
        if op_name == "gpu.func":
            symbol = lib.mlirOperationGetAttributeByName(op, _S.of("sym_name"))
            kernel = lib.mlirOperationGetAttributeByName(op,
                                                         _S.of("gpu.kernel"))
            if not is_null(kernel) and \
                    lib.mlirStringAttrGetValue(symbol).str() == name:
                found.append(op)
            return _mlir.WALK_SKIP
        return _mlir.WALK_ADVANCE

    callback = _mlir.WalkCallback(visit)
    lib.mlirOperationWalk(root, callback, None, _mlir.WALK_PRE_ORDER)
    return found


def _with_known_values(ctx, func, types, values):
    """The kernel's arg_attrs with `values` ({index: int}) as known values
    of its arguments (of `types`)."""
    old = lib.mlirOperationGetAttributeByName(func, _S.of("arg_attrs"))
    dicts = []
    for index, type_text in enumerate(types):
        entries = []
        if not is_null(old):
            attrs = lib.mlirArrayAttrGetElement(old, index)
            entries = [lib.mlirDictionaryAttrGetElement(attrs, i) for i in
                       range(lib.mlirDictionaryAttrGetNumElements(attrs))]
        if index in values:
            entries = [e for e in entries
                       if lib.mlirIdentifierStr(e.name).str() != KNOWN_VALUE]
            entries.append(NamedAttribute(
                lib.mlirIdentifierGet(ctx, _S.of(KNOWN_VALUE)),
                _parse(ctx, f"{values[index]} : {type_text}")))
        array = (NamedAttribute * max(1, len(entries)))(*entries)
        dicts.append(lib.mlirDictionaryAttrGet(ctx, len(entries), array))
    return lib.mlirArrayAttrGet(ctx, *_mlir.handles(dicts))


def _argument_types(func):
    signature = lib.mlirTypeAttrGetValue(
        lib.mlirOperationGetAttributeByName(func, _S.of("function_type")))
    return [printed(lib.mlirTypePrint,
                    lib.mlirFunctionTypeGetInput(signature, i))
            for i in range(lib.mlirFunctionTypeGetNumInputs(signature))]


def _parse(ctx, text):
    from .builder import _diagnostics
    attr = lib.mlirAttributeParseGet(ctx, _S.of(text))
    if is_null(attr):
        raise ValueError(_diagnostics().strip() or f"cannot parse {text!r}")
    return attr


def specialize(source, kernel, *, values=None, grid=None, cluster=None):
    """`source`, a module's text, with its ``gpu.func`` kernel named `kernel`
    compiled for one launch: `values` maps argument indices (as written,
    from 0) to the integer every launch passes there (``cute.known_value``),
    and `grid` and `cluster` are the launch's grid and cluster
    (``known_grid_size``, ``known_cluster_size``). Returns the new text,
    which compile() then compiles; launches must pass those values
    (cute_mlir.runtime checks, and host launches in the module assert).
    Raises CompileError if `source` does not parse, ValueError if it has
    not exactly one such kernel or a value is out of its type's range,
    IndexError for an argument it does not have, TypeError for a value that
    is not an integer or an argument that is neither integer nor index."""
    from .builder import _context, _diagnostics
    from .compiler import CompileError
    from .runtime import _dims
    values = dict(values or {})
    ctx = _context()
    module = lib.mlirModuleCreateParse(ctx, _S.of(source))
    if is_null(module):
        raise CompileError(_diagnostics() or "the source does not parse")
    try:
        root = lib.mlirModuleGetOperation(module)
        found = _kernels_named(root, kernel)
        if len(found) != 1:
            raise ValueError(f"the module has {len(found) or 'no'} "
                             f"gpu.func kernels named {kernel!r}"
                             + ("" if not found else ", not one"))
        func = found[0]
        types = _argument_types(func)
        for index, value in values.items():
            if not isinstance(index, int) or not 0 <= index < len(types):
                raise IndexError(f"{kernel} takes {len(types)} arguments: "
                                 f"no argument {index!r}")
            error = known_value_error(kernel, f"argument {index}",
                                      types[index], value)
            if error:
                raise error
        if values:
            lib.mlirOperationSetAttributeByName(
                func, _S.of("arg_attrs"),
                _with_known_values(ctx, func, types, values))
        for what, dims in (("grid", grid), ("cluster", cluster)):
            if dims is not None:
                sizes = ", ".join(map(str, _dims(dims, what)))
                lib.mlirOperationSetAttributeByName(
                    func, _S.of(f"known_{what}_size"),
                    _parse(ctx, f"array<i32: {sizes}>"))
        return printed(lib.mlirOperationPrint, root)
    finally:
        lib.mlirModuleDestroy(module)
