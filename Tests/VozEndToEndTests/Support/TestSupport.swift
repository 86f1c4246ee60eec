// The shared test support (pipe reading, seeded generator) for every file of this target.
@_exported import VozTestSupport
