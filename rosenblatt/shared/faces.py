"""Lazy package faces (PEP 562): a face names where each public name lives and imports that module on first use."""

from __future__ import annotations

import importlib
from typing import Callable


def lazy(package: str, homes: dict[str, str], namespace: dict) -> tuple[Callable[[str], object], Callable[[], list]]:
    """The `__getattr__` and `__dir__` of a face whose public names live in `package.<homes[name]>` (or, as
    `module:attr`, under another name there): the module is imported when a name is first asked for, and the name is
    then bound in the face (`namespace`, its globals)."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        home, _, attr = home.partition(":")
        module = importlib.import_module(f"{package}.{home}")
        value = module if home == name and not attr and not hasattr(module, name) else getattr(module, attr or name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(homes))

    return __getattr__, __dir__
