"""MLIR's C API (mlir-c/IR.h) and cute-mlir's builder entry points
(cute-mlir-c/Builder.h), as libCuteMlirCAPI.so exports them, for ctypes.

Only what the kernel builder uses is declared. Every MLIR handle is a struct
of one pointer, passed by value; ``_H`` stands for all of them.
"""

import ctypes

from ._capi import MlirStringRef, _Handle as _H, lib

_S, _P = MlirStringRef, ctypes.c_ssize_t
_HP = ctypes.POINTER(_H)

# void (*MlirStringCallback)(MlirStringRef, void *)
StringCallback = ctypes.CFUNCTYPE(None, MlirStringRef, ctypes.c_void_p)


# MlirWalkResult (*MlirOperationWalkCallback)(MlirOperation, void *)
WalkCallback = ctypes.CFUNCTYPE(ctypes.c_int, _H, ctypes.c_void_p)
WALK_ADVANCE, WALK_SKIP, WALK_PRE_ORDER = 0, 2, 0


class NamedAttribute(ctypes.Structure):  # MlirNamedAttribute
    _fields_ = [("name", _H), ("attribute", _H)]


class OperationState(ctypes.Structure):  # MlirOperationState
    _fields_ = [("name", _S), ("location", _H),
                ("nResults", _P), ("results", _HP),
                ("nOperands", _P), ("operands", _HP),
                ("nRegions", _P), ("regions", _HP),
                ("nSuccessors", _P), ("successors", _HP),
                ("nAttributes", _P),
                ("attributes", ctypes.POINTER(NamedAttribute)),
                ("enableResultTypeInference", ctypes.c_bool)]


_SIGNATURES = {
    # Builder.h
    "mlirCuteBuilderContextCreate": ([], _H),
    "mlirCuteBuilderContextDestroy": ([_H], None),
    "mlirCuteBuilderContextTakeDiagnostics": (
        [_H, StringCallback, ctypes.c_void_p], None),
    "mlirCuteTypeGetKind": ([_H], _S),
    "mlirCuteTypeGetNotation": ([_H], _S),
    "mlirCuteTypeGetElementType": ([_H], _H),
    "mlirCuteTypeGetMemory": ([_H], _S),
    "mlirCuteTensorTypeGet": ([_H, _H, _S, _S], _H),
    "mlirCuteFragmentTypeLike": ([_H, _H], _H),
    "mlirCuteTmaAtomGetBox": ([_H, ctypes.POINTER(ctypes.c_int64),
                               ctypes.POINTER(ctypes.c_int64)], _P),
    # Locations, types, attributes
    "mlirLocationFileLineColGet": ([_H, _S, ctypes.c_uint, ctypes.c_uint],
                                   _H),
    "mlirLocationUnknownGet": ([_H], _H),
    "mlirTypeParseGet": ([_H, _S], _H),
    "mlirTypePrint": ([_H, StringCallback, ctypes.c_void_p], None),
    "mlirAttributeParseGet": ([_H, _S], _H),
    "mlirAttributePrint": ([_H, StringCallback, ctypes.c_void_p], None),
    "mlirIdentifierGet": ([_H, _S], _H),
    # Operations (mlirOperationCreate frees the state's arrays: fill them
    # with the mlirOperationStateAdd* functions, which allocate them)
    "mlirOperationStateGet": ([_S, _H], OperationState),
    "mlirOperationStateAddResults": ([ctypes.POINTER(OperationState), _P,
                                      _HP], None),
    "mlirOperationStateAddOperands": ([ctypes.POINTER(OperationState), _P,
                                       _HP], None),
    "mlirOperationStateAddOwnedRegions": ([ctypes.POINTER(OperationState),
                                           _P, _HP], None),
    "mlirOperationStateAddAttributes": ([ctypes.POINTER(OperationState), _P,
                                         ctypes.POINTER(NamedAttribute)],
                                        None),
    "mlirOperationStateEnableResultTypeInference": (
        [ctypes.POINTER(OperationState)], None),
    "mlirOperationCreate": ([ctypes.POINTER(OperationState)], _H),
    "mlirOperationDestroy": ([_H], None),
    "mlirOperationVerify": ([_H], ctypes.c_bool),
    "mlirOperationPrint": ([_H, StringCallback, ctypes.c_void_p], None),
    "mlirOperationGetNumResults": ([_H], _P),
    "mlirOperationGetResult": ([_H, _P], _H),
    "mlirOperationGetRegion": ([_H, _P], _H),
    "mlirOperationGetNextInBlock": ([_H], _H),
    "mlirOperationSetAttributeByName": ([_H, _S, _H], None),
    "mlirOperationGetAttributeByName": ([_H, _S], _H),
    "mlirOperationGetName": ([_H], _H),
    "mlirOperationWalk": ([_H, WalkCallback, ctypes.c_void_p, ctypes.c_int],
                          None),
    "mlirIdentifierStr": ([_H], _S),
    # Attributes a function's signature is made of
    "mlirStringAttrGetValue": ([_H], _S),
    "mlirTypeAttrGetValue": ([_H], _H),
    "mlirFunctionTypeGetNumInputs": ([_H], _P),
    "mlirFunctionTypeGetInput": ([_H, _P], _H),
    "mlirArrayAttrGet": ([_H, _P, _HP], _H),
    "mlirArrayAttrGetNumElements": ([_H], _P),
    "mlirArrayAttrGetElement": ([_H, _P], _H),
    "mlirDictionaryAttrGet": ([_H, _P, ctypes.POINTER(NamedAttribute)], _H),
    "mlirDictionaryAttrGetNumElements": ([_H], _P),
    "mlirDictionaryAttrGetElement": ([_H, _P], NamedAttribute),
    # Regions and blocks
    "mlirRegionCreate": ([], _H),
    "mlirRegionAppendOwnedBlock": ([_H, _H], None),
    "mlirRegionGetFirstBlock": ([_H], _H),
    "mlirBlockCreate": ([_P, _HP, _HP], _H),
    "mlirBlockGetArgument": ([_H, _P], _H),
    "mlirBlockGetNumArguments": ([_H], _P),
    "mlirBlockAddArgument": ([_H, _H, _H], _H),
    "mlirBlockAppendOwnedOperation": ([_H, _H], None),
    "mlirBlockInsertOwnedOperationBefore": ([_H, _H, _H], None),
    "mlirBlockInsertOwnedOperationAfter": ([_H, _H, _H], None),
    "mlirBlockGetFirstOperation": ([_H], _H),
    "mlirBlockGetTerminator": ([_H], _H),
    # Values and memref types
    "mlirValueGetType": ([_H], _H),
    "mlirShapedTypeGetElementType": ([_H], _H),
    "mlirMemRefTypeGetMemorySpace": ([_H], _H),
    "mlirTypeIsAMemRef": ([_H], ctypes.c_bool),
    # Modules
    "mlirModuleCreateParse": ([_H, _S], _H),
    "mlirModuleGetOperation": ([_H], _H),
    "mlirModuleGetBody": ([_H], _H),
    "mlirModuleDestroy": ([_H], None),
}
for _name, (_args, _result) in _SIGNATURES.items():
    _fn = getattr(lib, _name)
    _fn.argtypes, _fn.restype = _args, _result


def is_null(handle):
    return not handle.ptr


def printed(print_fn, handle):
    """The text an mlir*Print function writes through its callback."""
    chunks = []
    callback = StringCallback(lambda ref, _: chunks.append(
        ctypes.string_at(ref.data, ref.length) if ref.length else b""))
    print_fn(handle, callback, None)
    return b"".join(chunks).decode()


def handles(values):
    """A C array of handles (and the length) for ``mlir...(n, array)``."""
    array = (_H * max(1, len(values)))(*values)
    return len(values), array
