"""The byte memory behind POINTER TO, ADR and SIZEOF (CODESYS / TwinCAT pointers).

Variables stay Python values (st/codegen.py: ints, floats, strs, lists, struct and FB objects), so
forcing, watching and the fast path are unchanged. A pointer is a plain DWORD, an address in a
deterministic 32-bit address space (``Memory``): ``ADR(x)`` gives the variable that contains x (its
*root*: a scalar member, or a whole array, structure or FB instance) an address the first time it is
asked for, from a counter, never from where Python keeps it, and adds x's byte offset inside its root
as CODESYS lays the root out (``Layout``: natural alignment). ``p^`` finds the root by address and
reads or writes the element at that offset through a typed accessor when one of the pointer's type
starts there, else through the bytes of the elements it overlaps (``read_bytes``/``write_bytes``:
little-endian, IEEE floats, a STRING as its characters and NULs), so a POINTER TO BYTE walks a
STRING and a POINTER TO DWORD reads four BYTEs. The choices and their limits are in st/semantics.py.
"""

from __future__ import annotations

import struct

from . import types as T
from .faults import PlcFault

PTR_SIZE = 4  # 32-bit addresses, as OSCAT and CODESYS on 32-bit targets: a pointer fits a DWORD
STATIC_BASE = 0x0001_0000  # members of programs, FBs, globals: addressed for the whole run
STACK_BASE = 0x4000_0000  # locals of a FUNCTION or METHOD, VAR_TEMP: addressed until the call returns
STACK_END = 0x8000_0000
ROOT_ALIGN = 8  # every root starts on an 8-byte boundary (alignment tests on addresses hold)
MAX_ROOTS = 100_000  # addressed variables alive at once: past it, a fault (bounded memory)


class Layout:
    """How CODESYS lays out one type in memory: size, alignment and, for a scalar, its byte codec.
    ``kind``: 'scalar' | 'string' | 'array' | 'struct' (structures and FB instances)."""

    __slots__ = ("type", "size", "align", "kind", "key", "enc", "dec", "elem", "count", "fields", "starts",
                 "name", "length", "wide")

    def __init__(self, t: T.Type):
        self.type = t
        self.name = t.name
        self.elem = None
        self.count = 0
        self.fields: list[tuple[str, int, Layout]] = []
        self.starts: list[int] = []
        self.key = None
        self.enc = self.dec = None
        self.length = 0
        self.wide = False


_LAYOUTS: dict[int, Layout] = {}
_KEEP: list[T.Type] = []  # the types laid out, kept alive so their ids stay theirs


def _int_codec(n: int, signed: bool):
    mask = (1 << (8 * n)) - 1

    def enc(v):
        return (int(v) & mask).to_bytes(n, "little")

    def dec(b):
        return int.from_bytes(b, "little", signed=signed)

    return enc, dec


def _float_codec(fmt: str):
    s = struct.Struct(fmt)
    return (lambda v: s.pack(float(v))), (lambda b: s.unpack(b)[0])


def _bool_codec():
    return (lambda v: b"\x01" if v else b"\x00"), (lambda b: b[0] != 0)


def _scalar(lay: Layout, n: int, key, enc, dec) -> Layout:
    lay.kind = "scalar"
    lay.size = lay.align = n
    lay.key = key
    lay.enc, lay.dec = enc, dec
    return lay


def elementary_size(t: T.Elem) -> int:
    """CODESYS sizes: BOOL and BYTE 1, WORD/INT 2, DWORD/DINT/REAL/TIME/TOD/DATE/DT 4, the L types 8."""
    b = t.base
    if b.kind == "bool":
        return 1
    if b.kind in ("int", "bits"):
        return b.bits // 8
    if b.kind == "real":
        return 4 if b.bits == 32 else 8
    if b.kind == "ltime":
        return 8
    return 4  # TIME (ms), TIME_OF_DAY (ms), DATE and DT (seconds): 32 bits, unsigned


def layout(t: T.Type) -> Layout:
    """The layout of ``t`` (computed once per type object)."""
    got = _LAYOUTS.get(id(t))
    if got is not None and got.type is t:
        return got
    lay = Layout(t)
    _LAYOUTS[id(t)] = lay
    _KEEP.append(t)
    if isinstance(t, T.EnumT):
        n = elementary_size(t.base)
        enc, dec = _int_codec(n, t.base.signed)
        return _scalar(lay, n, ("int", n, t.base.signed), enc, dec)
    if isinstance(t, T.Elem):
        b = t.base
        n = elementary_size(t)
        if b.kind == "bool":
            return _scalar(lay, 1, ("bool",), *_bool_codec())
        if b.kind == "real":
            return _scalar(lay, n, ("real", n), *_float_codec("<f" if n == 4 else "<d"))
        signed = b.signed if b.kind in ("int", "bits", "ltime") else False
        return _scalar(lay, n, ("int", n, signed), *_int_codec(n, signed))
    if isinstance(t, T.StringT):
        lay.kind = "string"
        unit = 2 if t.wide else 1
        lay.size = unit * (t.length + 1)
        lay.align = unit
        lay.length = t.length
        lay.wide = t.wide
        lay.key = ("string", t.wide)
        return lay
    if isinstance(t, T.ArrayT):
        e = layout(t.elem)
        lay.kind = "array"
        lay.elem = e
        lay.count = t.size
        lay.size = e.size * t.size
        lay.align = e.align
        return lay
    if isinstance(t, (T.StructT, T.FBT)):
        lay.kind = "struct"
        off = 0
        align = 1
        for attr, ft in _members(t):
            fl = layout(ft)
            off = -(-off // fl.align) * fl.align
            lay.fields.append((attr, off, fl))
            lay.starts.append(off)
            off += fl.size
            align = max(align, fl.align)
        lay.align = align
        lay.size = max(1, -(-off // align) * align) if lay.fields else 1
        return lay
    # a reference, interface or anything else: one opaque pointer-sized slot
    lay.kind = "opaque"
    lay.size = lay.align = PTR_SIZE
    return lay


def _members(t: T.Type) -> list[tuple[str, T.Type]]:
    if isinstance(t, T.StructT):
        return [("v_" + k, f.type) for k, f in t.fields.items()]
    chain = []
    fb = t
    while fb is not None:
        chain.append(fb)
        fb = fb.base
    out = []
    for fb in reversed(chain):
        for v in fb.vars.values():
            owner = getattr(v, "owner", None)
            if owner is not None and fb.pou is not None and owner is not fb.pou:
                continue
            if v.kind in ("VAR_TEMP", "VAR_EXTERNAL", "VAR_IN_OUT") or not getattr(v, "pyname", None):
                continue
            if isinstance(v.type, T.ConfArrayT):
                continue
            out.append((v.pyname, v.type))
    return out


def sizeof(t: T.Type) -> int:
    return layout(t).size


# ----------------------------------------------------------------------------- bytes of values


def _get(holder, key):
    return getattr(holder, key) if type(key) is str else holder[key]


def _set(holder, key, value):
    if type(key) is str:
        setattr(holder, key, value)
    else:
        holder[key] = value


def _str_bytes(s: str, lay: Layout) -> bytes:
    if lay.wide:
        raw = s.encode("utf-16-le", "replace")
        return raw[: 2 * lay.length] + b"\x00" * (lay.size - min(len(raw), 2 * lay.length))
    raw = s.encode("latin-1", "replace")[: lay.length]
    return raw + b"\x00" * (lay.size - len(raw))


def _str_of(b: bytes, lay: Layout) -> str:
    if lay.wide:
        units = [b[i : i + 2] for i in range(0, len(b) - 1, 2)]
        out = b""
        for u in units:
            if u == b"\x00\x00":
                break
            out += u
        return out.decode("utf-16-le", "replace")[: lay.length]
    end = b.find(b"\x00")
    return b[: end if end >= 0 else len(b)].decode("latin-1")[: lay.length]


def _leaf_bytes(value, lay: Layout) -> bytes:
    if lay.kind == "scalar":
        return lay.enc(value)
    if lay.kind == "string":
        return _str_bytes(value, lay)
    return b"\x00" * lay.size  # opaque: a reference has no bytes of its own here


def _shadow(sh: dict, holder, key, lay: Layout) -> bytearray:
    """All the bytes of the STRING at holder[key], those past its terminating NUL too (kept in ``sh``,
    its root's, while the STRING's value is what they spell; a new value starts them afresh)."""
    cur = _get(holder, key)
    ent = sh.get((id(holder), key))
    if ent is not None and ent[0] is holder and _str_of(bytes(ent[1]), lay) == cur:
        return ent[1]
    b = bytearray(_str_bytes(cur, lay))
    sh[(id(holder), key)] = (holder, b)
    return b


def _read(sh: dict, holder, key, lay: Layout, start: int, end: int, out: bytearray, at: int) -> None:
    """Bytes [start, end) of the value at holder[key] (layout ``lay``) into out[at:]."""
    if lay.kind == "string":
        out[at : at + end - start] = _shadow(sh, holder, key, lay)[start:end]
        return
    if lay.kind in ("scalar", "opaque"):
        out[at : at + end - start] = _leaf_bytes(_get(holder, key), lay)[start:end]
        return
    obj = _get(holder, key)
    _read_obj(sh, obj, lay, start, end, out, at)


def _parts(lay: Layout, start: int, end: int):
    """The elements or fields of an array or structure layout that bytes [start, end) overlap: (key,
    layout, first and end byte inside the element, first byte relative to start)."""
    if lay.kind == "array":
        es = lay.elem.size
        for i in range(start // es, min(lay.count, -(-end // es))):
            s = max(start, i * es)
            yield i, lay.elem, s - i * es, min(end, (i + 1) * es) - i * es, s - start
        return
    for (attr, off, fl) in lay.fields:
        if off < end and off + fl.size > start:
            s = max(start, off)
            yield attr, fl, s - off, min(end, off + fl.size) - off, s - start


def _read_obj(sh: dict, obj, lay: Layout, start: int, end: int, out: bytearray, at: int) -> None:
    for key, sub, s, e, rel in _parts(lay, start, end):
        _read(sh, obj, key, sub, s, e, out, at + rel)


def _write(sh: dict, holder, key, lay: Layout, start: int, data: bytes) -> None:
    """Write ``data`` at byte ``start`` of the value at holder[key]."""
    if lay.kind == "scalar":
        if start == 0 and len(data) == lay.size:
            _set(holder, key, lay.dec(data))
            return
        old = bytearray(lay.enc(_get(holder, key)))
        old[start : start + len(data)] = data
        _set(holder, key, lay.dec(bytes(old)))
        return
    if lay.kind == "string":
        b = _shadow(sh, holder, key, lay)
        b[start : start + len(data)] = data
        _set(holder, key, _str_of(bytes(b), lay))
        return
    if lay.kind == "opaque":
        return
    _write_obj(sh, _get(holder, key), lay, start, data)


def _write_obj(sh: dict, obj, lay: Layout, start: int, data: bytes) -> None:
    for key, sub, s, e, rel in _parts(lay, start, start + len(data)):
        _write(sh, obj, key, sub, s, data[rel : rel + e - s])


def _slot(holder, key, lay: Layout, off: int, want: Layout):
    """(holder, key) of the element of layout compatible with ``want`` that starts at byte ``off`` of
    the value at holder[key], or None (then the access goes through bytes)."""
    while True:
        if off == 0 and (lay is want or (lay.key is not None and lay.key == want.key)):
            return holder, key
        if lay.kind == "array":
            es = lay.elem.size
            i = off // es
            holder, key, lay, off = _get(holder, key), i, lay.elem, off - i * es
            continue
        if lay.kind == "struct":
            obj = _get(holder, key)
            found = None
            for (attr, foff, fl) in lay.fields:
                if foff <= off < foff + fl.size:
                    found = (attr, foff, fl)
                    break
            if found is None:
                return None
            holder, key, lay, off = obj, found[0], found[2], off - found[1]
            continue
        return None


# ----------------------------------------------------------------------------- the address space


class Root:
    """One addressed variable: a scalar at holder[key], or a composite object (holder = [obj])."""

    __slots__ = ("base", "lay", "holder", "key", "ident", "sh")

    def __init__(self, base: int, lay: Layout, holder, key, ident):
        self.sh: dict = {}  # the bytes of its STRINGs written through bytes (see _shadow)
        self.base = base
        self.lay = lay
        self.holder = holder
        self.key = key
        self.ident = ident


class Memory:
    """The roots addressed so far, in two regions: static (members, globals) and a stack (locals of
    calls, released when the call returns). Addresses come from counters: deterministic."""

    def __init__(self):
        self.static: list[Root] = []
        self.stack: list[Root] = []
        self.index: dict = {}  # identity key -> Root (the table holds the object: its id stays its own)
        self.top = STATIC_BASE
        self.sp = STACK_BASE

    # -------------------------------------------------------------- giving addresses
    def _add(self, lay: Layout, holder, key, ident, stack: bool) -> int:
        if len(self.index) >= MAX_ROOTS:
            raise PlcFault(f"more than {MAX_ROOTS:,} variables addressed with ADR at once")
        base = self.sp if stack else self.top
        end = base + -(-max(lay.size, 1) // ROOT_ALIGN) * ROOT_ALIGN
        if end > (STACK_END if stack else STACK_BASE):
            area = "stack of addressed locals" if stack else "static memory"
            raise PlcFault(f"ADR: the {area} is full")
        r = Root(base, lay, holder, key, ident)
        if stack:
            self.sp = end
            self.stack.append(r)
        else:
            self.top = end
            self.static.append(r)
        self.index[ident] = r
        return base

    def adr_cell(self, holder, key, lay: Layout, stack: bool) -> int:
        """The address of the scalar or STRING at holder.key (an attribute) or holder[key]."""
        ident = (id(holder), key)
        r = self.index.get(ident)
        if r is not None and r.holder is holder:
            return r.base
        return self._add(lay, holder, key, ident, stack)

    def adr_obj(self, obj, lay: Layout, stack: bool) -> int:
        """The address of the array, structure or FB instance ``obj``."""
        ident = id(obj)
        r = self.index.get(ident)
        if r is not None and r.holder[0] is obj:
            return r.base
        return self._add(lay, [obj], 0, ident, stack)

    def release(self, sp: int) -> None:
        """A call returns: the locals it addressed lose their addresses."""
        st = self.stack
        while st and st[-1].base >= sp:
            r = st.pop()
            del self.index[r.ident]
        self.sp = sp

    # -------------------------------------------------------------- finding
    def root(self, addr: int, n: int) -> tuple[Root, int]:
        """The root holding bytes [addr, addr + n) and the offset of addr in it, or a fault."""
        if addr == 0:
            raise PlcFault("pointer is 0 (NULL): dereferenced before ADR gave it an address")
        roots = self.stack if addr >= STACK_BASE else self.static
        lo, hi = 0, len(roots)
        while lo < hi:
            mid = (lo + hi) // 2
            if roots[mid].base <= addr:
                lo = mid + 1
            else:
                hi = mid
        if lo == 0:
            raise PlcFault(f"pointer 16#{addr:08X} points at no variable")
        r = roots[lo - 1]
        off = addr - r.base
        size = r.lay.size
        if off >= -(-size // ROOT_ALIGN) * ROOT_ALIGN:
            raise PlcFault(f"pointer 16#{addr:08X} points at no variable")
        if off >= size:
            raise PlcFault(f"pointer 16#{addr:08X} points at no variable: past the end of the {r.lay.name} "
                           f"at 16#{r.base:08X} ({size} bytes)")
        if off + n > size:
            raise PlcFault(f"pointer access of {n} bytes at 16#{addr:08X} runs past the end of the "
                           f"{r.lay.name} it points into ({size} bytes, offset {off})")
        return r, off

    def describe(self, addr: int) -> tuple[Root, int] | None:
        """For the variable tree: the root and offset of ``addr``, or None (no fault)."""
        try:
            return self.root(addr, 1)
        except PlcFault:
            return None


# ----------------------------------------------------------------------------- generated code's helpers


def load(mem: Memory, addr: int, lay: Layout):
    """p^ of a scalar or STRING type."""
    r, off = mem.root(addr, lay.size if lay.kind != "string" else 1)
    s = _slot(r.holder, r.key, r.lay, off, lay)
    if s is not None:
        return _get(*s)
    if lay.kind == "string":
        n = min(lay.size, r.lay.size - off)
        buf = bytearray(n)
        _read(r.sh, r.holder, r.key, r.lay, off, off + n, buf, 0)
        return _str_of(bytes(buf), lay)
    buf = bytearray(lay.size)
    _read(r.sh, r.holder, r.key, r.lay, off, off + lay.size, buf, 0)
    return lay.dec(bytes(buf))


def store(mem: Memory, addr: int, lay: Layout, value) -> None:
    """p^ := value, for a scalar or STRING type."""
    r, off = mem.root(addr, lay.size if lay.kind != "string" else 1)
    s = _slot(r.holder, r.key, r.lay, off, lay)
    if s is not None:
        if lay.kind == "string":
            target = _slot_layout(r.lay, off, lay)
            if target is not None:
                value = value[: target.length]
        _set(s[0], s[1], value)
        return
    if lay.kind == "string":
        data = _str_bytes(value, lay)
        n = min(len(value) + 1, lay.length + 1) * (2 if lay.wide else 1)
        n = min(n, r.lay.size - off)
        _write(r.sh, r.holder, r.key, r.lay, off, data[:n])
        return
    _write(r.sh, r.holder, r.key, r.lay, off, lay.enc(value))


def _slot_layout(lay: Layout, off: int, want: Layout) -> Layout | None:
    while True:
        if off == 0 and (lay is want or lay.key == want.key):
            return lay
        if lay.kind == "array":
            i = off // lay.elem.size
            lay, off = lay.elem, off - i * lay.elem.size
            continue
        if lay.kind == "struct":
            for (_a, foff, fl) in lay.fields:
                if foff <= off < foff + fl.size:
                    lay, off = fl, off - foff
                    break
            else:
                return None
            continue
        return None


def obj_at(mem: Memory, addr: int, lay: Layout):
    """p^ of an array, structure or FB type used whole: the object of that type at addr."""
    r, off = mem.root(addr, 1)
    cur_lay, holder, key = r.lay, r.holder, r.key
    while True:
        if off == 0 and (cur_lay is lay or T.same(cur_lay.type, lay.type)
                         or isinstance(cur_lay.type, T.FBT) and isinstance(lay.type, T.FBT)
                         and cur_lay.type.derives_from(lay.type)):
            return _get(holder, key)
        if cur_lay.kind == "array":
            i = off // cur_lay.elem.size
            holder, key, cur_lay, off = _get(holder, key), i, cur_lay.elem, off - i * cur_lay.elem.size
            continue
        if cur_lay.kind == "struct":
            obj = _get(holder, key)
            for (attr, foff, fl) in cur_lay.fields:
                if foff <= off < foff + fl.size:
                    holder, key, cur_lay, off = obj, attr, fl, off - foff
                    break
            else:
                break
            continue
        break
    raise PlcFault(f"pointer 16#{addr:08X} does not point at a {lay.name} (it points into the "
                   f"{r.lay.name} at offset {addr - r.base}): a whole {lay.name} is used only where one is")


def check_index(mem: Memory, addr: int, lay: Layout) -> int:
    """An element address reached through p^[i]: it must lie inside the variable p points into."""
    mem.root(addr, lay.size if lay.kind != "string" else 1)
    return addr


class RefP:
    """A scalar VAR_IN_OUT bound to p^ (or to p^[i], p^.f): reads and writes go through the memory."""

    __slots__ = ("m", "a", "lay")

    def __init__(self, m, a, lay):
        self.m = m
        self.a = a
        self.lay = lay

    def get(self):
        return load(self.m, self.a, self.lay)

    def set(self, value):
        store(self.m, self.a, self.lay, value)


class Frame:
    """The scalar locals of one call whose address is taken (ADR): attributes instead of Python
    locals, so a pointer reaches them."""


def path_in(lay: Layout, off: int, want: Layout | None = None) -> str:
    """'[3].x' for byte ``off`` inside a value of layout ``lay`` (the variable tree's target text),
    stopping at an element of layout ``want`` that starts there."""
    out = ""
    while True:
        if off == 0 and want is not None and (lay is want or lay.key is not None and lay.key == want.key
                                               or T.same(lay.type, want.type)):
            return out
        if lay.kind == "array":
            t = lay.type
            i = off // lay.elem.size
            idx = []
            rest = i
            for (lo, _hi), stride in zip(t.dims, t.strides, strict=True):
                idx.append(str(lo + rest // stride))
                rest %= stride
            out += "[" + ", ".join(idx) + "]"
            lay, off = lay.elem, off - i * lay.elem.size
            continue
        if lay.kind == "struct":
            for (attr, foff, fl) in lay.fields:
                if foff <= off < foff + fl.size:
                    out += "." + attr[2:]
                    lay, off = fl, off - foff
                    break
            else:
                return out
            continue
        if off:
            out += f" +{off}"
        return out
