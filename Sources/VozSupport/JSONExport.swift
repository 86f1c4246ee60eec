// VozKit reads and writes JSON through VozJSON's one model; it is re-exported so that code and tests using
// VozKit's form documents (`FormDocument`, `JSONNode`) need no second import.
@_exported import VozJSON
