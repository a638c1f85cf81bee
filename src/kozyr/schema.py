"""A JSON Schema checker for the keywords kozyr's own schemas use, so that a schema is the one home of its rules.

A file format kozyr writes has its JSON Schema next to it (`kozyr.durak.records.SCHEMA`), published in the
docs for other tools. Reading such a file checks the document against that same schema here, rather than
against a second hand-written copy of its rules, and without making the `jsonschema` package (and what it
pulls in) a dependency of the engine. The tests hold this checker to `jsonschema` on many documents: whatever
`jsonschema` refuses, this refuses.

It knows the keywords of draft 2020-12 listed in `KEYWORDS`; a schema with any other keyword is a bug in
kozyr (NotImplementedError), never a document accepted unchecked. It is stricter than JSON Schema in one
way, on purpose: a value is the type it is written as, so ``3.0`` is not an ``"integer"`` and does not equal
``3`` in an ``enum`` or ``const`` (kozyr reads whole numbers as ints; JSON Schema counts 3.0 as 3).

`mismatch(value, schema)` is the first place where `value` does not fit, as a `Mismatch` (the path of keys
and indices down to it, and what is wrong there in a few words), or None.

>>> schema = {"type": "object", "required": ["seat"], "properties": {"seat": {"enum": [0, 1], "title": "seat"}}}
>>> mismatch({"seat": 2}, schema)
Mismatch(path=('seat',), message='seat 2 is not one of 0, 1')
>>> mismatch({}, schema)
Mismatch(path=('seat',), message='is missing')
>>> mismatch({"seat": 1}, schema) is None
True
"""
from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

__all__ = ["KEYWORDS", "Mismatch", "mismatch", "where"]

KEYWORDS = frozenset({
    "$schema", "$id", "title", "description",   # notes: they check nothing
    "type", "const", "enum", "pattern", "minimum",
    "required", "properties", "additionalProperties", "items", "prefixItems", "minItems", "maxItems",
    "uniqueItems", "oneOf",
})

_TYPES: dict[str, tuple[str, Any]] = {   # a JSON type: (its name in a message, a test on a Python value)
    "null": ("null", lambda v: v is None),
    "boolean": ("true or false", lambda v: isinstance(v, bool)),
    "integer": ("a whole number", lambda v: type(v) is int),
    "number": ("a number", lambda v: type(v) in (int, float)),
    "string": ("a string", lambda v: isinstance(v, str)),
    "array": ("a list", lambda v: isinstance(v, list)),
    "object": ("an object", lambda v: isinstance(v, dict)),
}


class Mismatch(NamedTuple):
    """Where a document does not fit its schema: the keys and indices down to the place, and what is wrong."""

    path: tuple[str | int, ...]
    message: str


def mismatch(value: Any, schema: dict[str, Any]) -> Mismatch | None:
    """The first place where `value` does not fit `schema`, or None when it fits."""
    return _check(value, schema, ())


def where(path: tuple[str | int, ...]) -> str:
    """A path as a person reads it: ``deal.order[3]``, ``moves[7][0]``; '' for the top."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out


def _json(value: Any, limit: int = 40) -> str:
    """A value in JSON notation (the file's own), cut to `limit` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else f"{text[:limit - 4]}...({len(text)} chars)"


def _same(a: Any, b: Any) -> bool:
    """JSON equality with the type as written: 1 is not true, and (in kozyr) 1.0 is not 1."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


def _check(value: Any, schema: dict[str, Any], path: tuple[str | int, ...]) -> Mismatch | None:
    unknown = set(schema) - KEYWORDS
    if unknown:
        raise NotImplementedError(f"kozyr.schema does not know the keywords {sorted(unknown)}")
    name = f"{schema['title']} " if "title" in schema else ""
    shown = f"{name}{_json(value)}"
    kind = schema.get("type")
    if kind is not None:
        kinds = [kind] if isinstance(kind, str) else list(kind)
        if not any(_TYPES[k][1](value) for k in kinds):
            return Mismatch(path, f"{shown} is not {' or '.join(_TYPES[k][0] for k in kinds)}")
    if "const" in schema and not _same(value, schema["const"]):
        return Mismatch(path, f"{shown} is not {_json(schema['const'])}")
    if "enum" in schema and not any(_same(value, v) for v in schema["enum"]):
        return Mismatch(path, f"{shown} is not one of {', '.join(_json(v) for v in schema['enum'])}")
    if isinstance(value, str) and "pattern" in schema and not re.search(schema["pattern"], value):
        return Mismatch(path, f"{shown} does not match {schema['pattern']}")
    if type(value) in (int, float) and "minimum" in schema and value < schema["minimum"]:
        return Mismatch(path, f"{shown} is below {schema['minimum']}")
    if isinstance(value, dict):
        found = _check_object(value, schema, path)
        if found is not None:
            return found
    if isinstance(value, list):
        found = _check_array(value, schema, path, name)
        if found is not None:
            return found
    if "oneOf" in schema:
        return _check_one_of(value, schema["oneOf"], path, shown)
    return None


def _check_object(value: dict[str, Any], schema: dict[str, Any], path: tuple[str | int, ...]) -> Mismatch | None:
    for key in schema.get("required", ()):
        if key not in value:
            return Mismatch((*path, key), "is missing")
    properties = schema.get("properties", {})
    if schema.get("additionalProperties", True) is False:
        extra = sorted(k for k in value if k not in properties)
        if extra:
            return Mismatch((*path, extra[0]), f"is not a field here (the fields are {', '.join(properties)})")
    elif "additionalProperties" in schema and schema["additionalProperties"] is not True:
        raise NotImplementedError("kozyr.schema knows additionalProperties true or false only")
    for key, sub in properties.items():
        if key in value:
            found = _check(value[key], sub, (*path, key))
            if found is not None:
                return found
    return None


def _check_array(value: list[Any], schema: dict[str, Any], path: tuple[str | int, ...],
                 name: str) -> Mismatch | None:
    n = len(value)
    if "minItems" in schema and n < schema["minItems"]:
        return Mismatch(path, f"{name}has {n} item{'s' if n != 1 else ''}, fewer than {schema['minItems']}")
    if "maxItems" in schema and n > schema["maxItems"]:
        return Mismatch(path, f"{name}has {n} items, more than {schema['maxItems']}")
    if schema.get("uniqueItems"):
        for i, item in enumerate(value):
            if any(_same(item, earlier) for earlier in value[:i]):
                return Mismatch((*path, i), f"{_json(item)} is there twice")
    prefix = schema.get("prefixItems", [])
    for i, item in enumerate(value):
        sub = prefix[i] if i < len(prefix) else schema.get("items")
        if sub is None:
            continue
        found = _check(item, sub, (*path, i))
        if found is not None:
            return found
    return None


def _check_one_of(value: Any, forms: list[dict[str, Any]], path: tuple[str | int, ...], shown: str) -> Mismatch | None:
    """Exactly one form must fit. When it does not, the form the value was plainly meant as (the only one whose
    type and required keys it has) says what is wrong; failing that, the value matches none of the forms."""
    misses = [_check(value, form, path) for form in forms]
    fits = [i for i, miss in enumerate(misses) if miss is None]
    if len(fits) == 1:
        return None
    if len(fits) > 1:
        return Mismatch(path, f"{shown} fits more than one of its forms ({_forms(forms)})")
    meant = [i for i, form in enumerate(forms) if _shaped_like(value, form)]
    if len(meant) == 1:
        return misses[meant[0]]
    return Mismatch(path, f"{shown} is none of: {_forms(forms)}")


def _shaped_like(value: Any, form: dict[str, Any]) -> bool:
    kind = form.get("type")
    if kind is not None and not any(_TYPES[k][1](value) for k in ([kind] if isinstance(kind, str) else kind)):
        return False
    return not isinstance(value, dict) or set(form.get("required", ())) <= set(value)


def _forms(forms: list[dict[str, Any]]) -> str:
    """The forms of a oneOf in words: `null; an object of outcome and fool`."""
    words = []
    for form in forms:
        kind = form.get("type")
        text = _TYPES[kind][0] if isinstance(kind, str) else "a value"
        if form.get("required"):
            text += " of " + " and ".join(form["required"])
        words.append(text)
    return "; ".join(words)
