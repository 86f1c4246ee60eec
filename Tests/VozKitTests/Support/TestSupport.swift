// The shared test support (PulseAudio fixture, the child-process runner, seeded generator) for every file of this
// target.
@_exported import VozTestSupport
