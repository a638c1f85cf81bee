"""Type stubs for kozyr.durak._enums."""

C_ENUMS: dict[str, dict[object, int]]
