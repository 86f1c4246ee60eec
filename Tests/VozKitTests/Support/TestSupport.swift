// The shared test support (PulseAudio fixture, pipe reading, seeded generator) for every file of this target.
@_exported import VozTestSupport
