// The shared test support (the child-process runner, the seeded generator) for every file of this target.
@_exported import VozTestSupport
