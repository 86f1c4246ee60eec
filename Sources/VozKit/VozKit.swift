// VozKit is the one library product: a tool that imports it gets every layer, as `voz` does.
@_exported import VozAccessibility
@_exported import VozAnnouncer
@_exported import VozAudit
@_exported import VozForm
@_exported import VozLocalization
@_exported import VozOpenAPI
@_exported import VozReplies
@_exported import VozScreenAudit
@_exported import VozSession
@_exported import VozSpeech
@_exported import VozSubmission
@_exported import VozSupport
@_exported import VozTerminal
