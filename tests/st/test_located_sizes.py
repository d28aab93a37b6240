"""A located variable's type must fit the size of its address: a bit address holds a BOOL, %IB/%QB/%MB
8-bit types, %IW 16-bit, %ID 32-bit, %IL 64-bit; anything else is an error naming what fits."""

from __future__ import annotations

import pytest


def located(kit, decl: str):
    return kit.main(f"{decl};\nUsed : INT;", "Used := 1;")


@pytest.mark.parametrize(
    "decl,message",
    [
        ("a AT %IX0.0 : INT", "%IX0.0 is a bit address: declare BOOL, not INT"),
        ("a AT %I0.1 : WORD", "%IX0.1 is a bit address: declare BOOL, not WORD"),
        ("b AT %IW0 : BOOL", "%IW0 is a word address (16 bits): declare INT, UINT or WORD, not BOOL"),
        ("b AT %QW2 : DINT", "%QW2 is a word address (16 bits): declare INT, UINT or WORD, not DINT"),
        ("c AT %IB1 : INT", "%IB1 is a byte address (8 bits): declare SINT, USINT or BYTE, not INT"),
        ("d AT %ID4 : INT", "%ID4 is a double-word address (32 bits): declare DINT, UDINT, DWORD, REAL"),
        ("d AT %MD4 : LREAL", "%MD4 is a double-word address (32 bits): declare DINT"),
        ("e AT %IL8 : REAL", "%IL8 is a long-word address (64 bits): declare LINT, ULINT, LWORD, LREAL"),
        ("f AT %QX0.0 : STRING", "%QX0.0 is a bit address: declare BOOL, not STRING"),
    ],
)
def test_an_address_too_small_or_too_large_for_the_type_is_an_error(kit, decl, message):
    comp = kit.compile_errors(located(kit, decl))
    errors = [d for d in comp.diagnostics if d.severity == "error"]
    assert len(errors) == 1
    assert errors[0].message.startswith(message)
    assert errors[0].line == 4


@pytest.mark.parametrize(
    "decl",
    [
        "a AT %IX0.0 : BOOL",
        "a AT %MX1.7 : BOOL",
        "b AT %IB0 : SINT",
        "b AT %QB0 : USINT",
        "b AT %IB0 : BYTE",
        "w AT %IW0 : INT",
        "w AT %IW0 : UINT",
        "w AT %QW0 : WORD",
        "w AT %IW0 : INT(0..100)",
        "d AT %ID0 : DINT",
        "d AT %ID0 : UDINT",
        "d AT %QD0 : DWORD",
        "d AT %ID0 : REAL",
        "d AT %MD0 : TIME",
        "l AT %IL0 : LINT",
        "l AT %QL0 : ULINT",
        "l AT %IL0 : LWORD",
        "l AT %QL0 : LREAL",
    ],
)
def test_a_type_that_fits_its_address_compiles(kit, decl):
    kit.compile_ok(located(kit, decl))
