"""How the kernel is compiled: without reference counting, with fixed-size workspaces on the stack.

numba counts references to arrays: a compiled function that calls others increments and decrements
the count of each array argument with an atomic instruction on every call (the pairs are removed only
in functions that call nothing), and numba-level inlining copies arrays into new variables at the same
cost. The kernel passes the program and the state to almost every function, so those counts were most
of the time of a game step (measured on Crazy Eights' search: about four fifths of the compiled time).

The rules that avoid it:

* ``kernel_jit`` compiles a function with numba's reference counting switched off (the ``_nrt``
  option). Such a function must not allocate (no ``np.empty`` / ``np.zeros`` / ``copy``) and must not
  return a new array or view; numba compiles everything it calls the same way, so the rule holds for
  its callees too, and numba refuses to compile a function that breaks it. Views created and used
  inside a function are fine.
* ``kernel_inline`` is the same for small accessors that return a view of an argument (numba-level
  inlining turns the return into a local view).
* A temporary array comes from a ``stack_array(n)`` constructor: ``n`` int64 zeros in the calling
  function's stack frame, zeroed at each call; the array must not outlive the call.

Entry points called from Python or from reference-counted code (``batch``, ``state_api``, the search)
call kernel functions freely: the caller holds the references.

The first compile (a fresh clone compiles the whole engine once; ``docs/benchmarks.md`` has the measured
table per function). numba compiles a jitted function called from jitted code for the *types* of the call's
arguments, and a constant argument has a type of its own (``Literal[int](3)``): each call site that passes
another constant compiled the function again, with all it calls (``hand_strength._poker_key`` ten times,
``program.rule_at`` four). Kernel functions are therefore compiled for the argument types with their
constants widened (``types.unliteral``): one compiled version per function and argument kinds. LLVM still
folds the constants where it inlines a call. An omitted optional argument stays a compile-time ``None``
(``agents.batch`` leaves its search out that way).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import numba
import numpy as np
from llvmlite import ir
from numba.core import cgutils, types
from numba.core.cpu import CPUTargetOptions
from numba.core.dispatcher import Dispatcher
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array

_F = TypeVar("_F", bound=Callable[..., Any])


def _kernel_options() -> dict[str, Any]:
    """``cache`` and, where this numba offers the switch, reference counting off. ``_nrt`` is a private
    option (numba uses it in its own tests); without it the kernel is compiled with reference counting:
    slower, the same results (stack arrays carry no reference count either way)."""
    options: dict[str, Any] = {"cache": True}
    if hasattr(CPUTargetOptions, "_nrt"):
        options["_nrt"] = False
    return options


_KERNEL_OPTIONS = _kernel_options()


def by_kind(dispatcher: _F) -> _F:
    """``dispatcher``, compiled from jitted callers for its arguments' types with constants widened
    (module docstring); a plain function (``NUMBA_DISABLE_JIT=1``) is returned as it is."""
    if not isinstance(dispatcher, Dispatcher):
        return dispatcher
    resolve = dispatcher.get_call_template

    def get_call_template(args: Sequence[Any], kws: dict[str, Any]) -> Any:
        widened = {name: types.unliteral(kind) for name, kind in kws.items()}
        return resolve(tuple(types.unliteral(kind) for kind in args), widened)

    dispatcher.get_call_template = get_call_template  # type: ignore[method-assign, assignment]
    return dispatcher


def kernel_jit(fn: _F) -> _F:
    """Compile ``fn`` as kernel code (module rules)."""
    return by_kind(cast(_F, numba.njit(**_KERNEL_OPTIONS)(fn)))


def kernel_inline(fn: _F) -> _F:
    """Compile ``fn`` as kernel code inlined into its callers at numba level (accessors of views)."""
    return cast(_F, numba.njit(inline="always", **_KERNEL_OPTIONS)(fn))


def stack_array(count: int) -> Any:
    """A compiled constructor of ``count`` int64 zeros on the caller's stack (a 1-d C array): define it
    at module level (``_SEATS = stack_array(MAX_PLAYERS)``) and call it with no argument in kernel code.
    Under ``NUMBA_DISABLE_JIT=1`` it is a plain function returning ``np.zeros(count)``.
    """
    if numba.config.DISABLE_JIT:  # type: ignore[attr-defined]
        return lambda: np.zeros(count, dtype=np.int64)

    @intrinsic
    def zeros(typingctx: Any) -> Any:
        array_type = types.Array(types.int64, 1, "C")

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            intp = context.get_value_type(types.intp)
            data = cgutils.alloca_once(builder, context.get_value_type(types.int64), size=count)
            cgutils.memset(builder, data, ir.Constant(intp, 8 * count), 0)
            array = make_array(array_type)(context, builder)
            populate_array(
                array,
                data=data,
                shape=[ir.Constant(intp, count)],
                strides=[ir.Constant(intp, 8)],
                itemsize=ir.Constant(intp, 8),
                meminfo=None,
            )
            return array._getvalue()

        return array_type(), codegen

    return zeros
