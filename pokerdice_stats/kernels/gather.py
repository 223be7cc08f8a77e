"""Vector table lookups for the batch classifier (numba intrinsics).

numba does not vectorise a loop of table lookups (``out[i] = table[code[i]]``),
so each throw costs three scalar stores.  These intrinsics classify a block of
:data:`LANES` throws with one ``llvm.masked.gather`` from a packed table (hand in
bits 0-7, category in bits 8-15, strength in bits 16-23) and three vector
stores.  On CPUs without gather instructions LLVM lowers the gather to scalar
loads, which is still correct.

The callers guarantee that every code (or rank) of the block is valid: the
lookups are unchecked.
"""

from __future__ import annotations

import llvmlite.binding as llvm
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

#: Throws classified by one call.
LANES = 16

_I1 = ir.IntType(1)
_I8 = ir.IntType(8)
_I16 = ir.IntType(16)
_I32 = ir.IntType(32)
_I64 = ir.IntType(64)


def _vector(element: ir.Type) -> ir.VectorType:
    return ir.VectorType(element, LANES)


def _splat(element: ir.IntType, value: int) -> ir.Constant:
    return ir.Constant(_vector(element), [value] * LANES)


def _gather_name() -> str:
    # LLVM 17 and later have only opaque pointers ("p0"); earlier LLVMs used by
    # llvmlite mangle the pointee type too ("p0i32").
    pointer = "p0" if llvm.llvm_version_info[0] >= 17 else "p0i32"
    return f"llvm.masked.gather.v{LANES}i32.v{LANES}{pointer}"


def _to_i64(builder: ir.IRBuilder, values: ir.Value, width: int) -> ir.Value:
    """Non-negative integers (validated by the caller) widened or narrowed to i64."""
    if width < 64:
        return builder.zext(values, _vector(_I64))
    return values


def _lookup_and_store(builder, context, signature, args, codes: ir.Value) -> None:
    """Gather ``packed[codes]`` and store the three fields at ``start``."""
    _, packed_ty, hand_ty, category_ty, strength_ty, _ = signature.args
    _, packed_v, hand_v, category_v, strength_v, start = args
    packed = context.make_array(packed_ty)(context, builder, packed_v)
    base = builder.ptrtoint(packed.data, _I64)
    base_v = builder.insert_element(ir.Constant(_vector(_I64), None), base, ir.Constant(_I32, 0))
    base_v = builder.shuffle_vector(
        base_v, ir.Constant(_vector(_I64), None), ir.Constant(_vector(_I32), [0] * LANES)
    )
    addresses = builder.add(base_v, builder.mul(codes, _splat(_I64, 4)))
    pointer_vector = _vector(_I32.as_pointer())
    pointers = builder.inttoptr(addresses, pointer_vector)
    gather_type = ir.FunctionType(
        _vector(_I32), [pointer_vector, _I32, _vector(_I1), _vector(_I32)]
    )
    gather = cgutils.get_or_insert_function(builder.module, gather_type, _gather_name())
    values = builder.call(
        gather,
        [pointers, ir.Constant(_I32, 4), _splat(_I1, 1), ir.Constant(_vector(_I32), None)],
    )
    fields = (
        (hand_ty, hand_v, builder.and_(values, _splat(_I32, 0xFF))),
        (
            category_ty,
            category_v,
            builder.and_(builder.lshr(values, _splat(_I32, 8)), _splat(_I32, 0xFF)),
        ),
        (strength_ty, strength_v, builder.lshr(values, _splat(_I32, 16))),
    )
    for array_ty, array_v, field in fields:
        array = context.make_array(array_ty)(context, builder, array_v)
        element = context.get_value_type(array_ty.dtype)
        narrowed = builder.trunc(field, _vector(element)) if element.width < 32 else field
        if element.width > 32:
            narrowed = builder.zext(field, _vector(element))
        target = builder.bitcast(builder.gep(array.data, [start]), _vector(element).as_pointer())
        builder.store(narrowed, target, align=1)


@intrinsic
def lookup_codes(typingctx, codes, packed, out_hand, out_category, out_strength, start):
    """Classify ``codes[start:start + LANES]`` into the three outputs (no checks)."""
    signature = types.void(codes, packed, out_hand, out_category, out_strength, start)

    def codegen(context, builder, sig, args):
        codes_array = context.make_array(sig.args[0])(context, builder, args[0])
        element = context.get_value_type(sig.args[0].dtype)
        source = builder.bitcast(
            builder.gep(codes_array.data, [args[5]]), _vector(element).as_pointer()
        )
        values = builder.load(source, align=1)
        _lookup_and_store(builder, context, sig, args, _to_i64(builder, values, element.width))
        return context.get_dummy_value()

    return signature, codegen


@intrinsic
def lookup_ranks(typingctx, ranks, packed, out_hand, out_category, out_strength, start):
    """Classify rows ``start:start + LANES`` of a C-contiguous (N, 5) rank array (no checks)."""
    signature = types.void(ranks, packed, out_hand, out_category, out_strength, start)

    def codegen(context, builder, sig, args):
        ranks_array = context.make_array(sig.args[0])(context, builder, args[0])
        element = context.get_value_type(sig.args[0].dtype)
        first = builder.mul(args[5], ir.Constant(args[5].type, 5))
        block = ir.VectorType(element, 5 * LANES)
        source = builder.bitcast(builder.gep(ranks_array.data, [first]), block.as_pointer())
        values = builder.load(source, align=1)
        undefined = ir.Constant(block, None)
        code = None
        for die in range(4, -1, -1):  # code = sum(rank[d] * 6**d), Horner from die 4
            lanes = ir.Constant(_vector(_I32), [5 * j + die for j in range(LANES)])
            die_values = _to_i64(
                builder, builder.shuffle_vector(values, undefined, lanes), element.width
            )
            code = (
                die_values
                if code is None
                else builder.add(builder.mul(code, _splat(_I64, 6)), die_values)
            )
        _lookup_and_store(builder, context, sig, args, code)
        return context.get_dummy_value()

    return signature, codegen
