"""``darwindeck.seeding``: the one seed derivation, checked against a published SHA-256 value and against
the derivations it replaced (their values must not move: recorded runs and pinned games depend on them)."""

from __future__ import annotations

import hashlib
import random

import pytest

from darwindeck.evolve.evaluator import evaluation_seed
from darwindeck.evolve.ga import generation_rng
from darwindeck.evolve.quality.play import batch_seed
from darwindeck.seeding import derive, derived_rng, nth
from darwindeck.tcg.deckevo.report import hash_seed

# FIPS 180-2, appendix B.1: SHA-256("abc") = ba7816bf 8f01cfea 414140de 5dae2223 b00361a3 96177a9c
# b410ff61 f20015ad.
ABC = 0xBA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD


def test_one_part_is_the_published_digest_cut_to_the_width() -> None:
    assert derive("abc", bits=32) == 0xBA7816BF
    assert derive("abc") == 0xBA7816BF8F01CFEA
    assert derive("abc", bits=256) == ABC


def test_parts_are_joined_by_a_colon_as_text() -> None:
    # "a:bc" is another text than "abc", so another seed; 7 and "7" are the same part.
    assert derive("a", "bc") != derive("abc")
    assert derive(7, "x") == derive("7", "x") == derive("7:x")


def test_a_width_that_is_not_32_64_or_256_is_refused() -> None:
    with pytest.raises(ValueError, match="bits must be one of"):
        derive("abc", bits=48)


def test_consecutive_seeds_wrap_at_two_to_the_63() -> None:
    assert nth(10, 3) == 13
    assert nth(2**63 - 1, 1) == 0


def _old_sha(text: str, width: int) -> int:
    """The derivations before ``seeding``, written out as they were."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:width], "big")


def test_every_former_derivation_keeps_its_values() -> None:
    identity = "9f" * 32
    assert evaluation_seed(2026, identity) == _old_sha(f"2026:{identity}", 8)
    assert batch_seed(0, "screening") == _old_sha("0:screening", 4)
    assert hash_seed("final:greedy:0") == _old_sha("final:greedy:0", 8)
    old = random.Random(int.from_bytes(hashlib.sha256(b"5:3:breed").digest(), "big"))
    assert generation_rng(5, 3, "breed").random() == old.random()
    assert derived_rng(5, 3, "breed").getstate() == generation_rng(5, 3, "breed").getstate()
