// swift-format-ignore-file
// Phrases stay one a line however long, so translators can compare the two catalogs line by line.
// The English message catalog. Keys are grouped by the concern that says them; keep the sections in the
// same order in every language.
extension Catalog {
    static let english: [String: String] = [
        // MARK: - Form
        "form.option": "{number}, {label}",
        "form.optionSeparator": "; ",
        "form.and": " and ",
        "form.yes": "yes",
        "form.no": "no",
        "form.emailExample": "ana@example.com",
        "form.bounds.between": "between {min} and {max}",
        "form.bounds.min": "of {min} or more",
        "form.bounds.max": "of {max} or less",
        "form.bounds.above": "greater than {min}",
        "form.bounds.below": "less than {max}",
        "form.bounds.step": "a multiple of {step}",
        "form.list.items.one": "1 value: {items}",
        "form.list.items.other": "{count} values: {items}",
        "form.group.item": "{item} {number}",
        "form.group.itemOf": "{item} {number} of {total}",
        "form.group.count.one": "1 in all.",
        "form.group.count.other": "{count} in all.",
        // MARK: - Validation
        "validation.message": "{label}: {detail}",
        "validation.example": "Example: {example}.",
        "validation.required": "required. Type an answer.",
        "validation.required.name": "required. Type your name.",
        "validation.required.email": "required. Type your e-mail address.",
        "validation.required.password": "required. Type a password.",
        "validation.required.number": "required. Type a number.",
        "validation.required.choice": "required. Choose a number from 1 to {count}.",
        "validation.required.multichoice": "required. Choose at least one option by its number.",
        "validation.mustAccept": "you must accept this to continue. Answer yes.",
        "validation.required.yesNo": "this is required. Answer yes or no.",
        "validation.required.list": "this is required. Type at least one value.",
        "validation.integer.invalid": "type a whole number, without decimals.",
        "validation.integer.fraction": "it must be a whole number, without decimals.",
        "validation.number.bounds": "it must be a number {bounds}.",
        "validation.number.step": "it must be a multiple of {step}.",
        "validation.list.tooFew.one": "it needs at least {count} value.",
        "validation.list.tooFew.other": "it needs at least {count} values.",
        "validation.list.tooMany.one": "it takes at most {count} value.",
        "validation.list.tooMany.other": "it takes at most {count} values.",
        "validation.list.duplicate": "value {position}, {item}, is repeated; each value must be different.",
        "validation.list.item": "value {position}, {item}: {detail}",
        "validation.group.member": "{item}, {label}: {detail}",
        "validation.email.containsSpace": "it cannot contain spaces.",
        "validation.email.missingAt": "the at sign is missing.",
        "validation.email.severalAts": "it has more than one at sign; it needs exactly one.",
        "validation.email.missingLocalPart": "the name before the at sign is missing.",
        "validation.email.missingDomain": "the domain after the at sign is missing.",
        "validation.email.tooLong": "it is too long for an e-mail address.",
        "validation.email.misplacedDot": "it has a dot at the start, at the end, or two in a row.",
        "validation.email.domainWithoutDot": "the domain needs a dot, as in example.com.",
        "validation.email.invalidCharacter": "it has a character an e-mail address cannot have: {character}.",
        "validation.number.invalid": "type a number, with a dot or a comma for decimals.",
        "validation.number.min": "it must be {min} or more.",
        "validation.number.max": "it must be {max} or less.",
        "validation.number.range": "it must be between {min} and {max}.",
        "validation.choice.unknown": "there is no such option. Choose a number from 1 to {count}: {options}.",
        "validation.multichoice.unknown":
            "{item} is not one of the options. Type their numbers separated by commas, from 1 to {count}.",
        "validation.confirm.invalid": "answer yes or no.",
        "validation.length.tooShort.one": "it has fewer than {count} character. Type at least {count}.",
        "validation.length.tooShort.other": "it has fewer than {count} characters. Type at least {count}.",
        "validation.length.tooLong.one": "it has more than {count} character. Type at most {count}.",
        "validation.length.tooLong.other": "it has more than {count} characters. Type at most {count}.",
        "validation.pattern": "it is not in the format asked for.",
        "validation.pattern.timeout": "it could not be checked in time. Type a shorter answer.",
        "validation.control": "it has control characters. Type it again without them.",
        "validation.wrongType": "the stored value does not fit this field. Type it again.",
        // MARK: - Accessibility
        "access.position": "Field {position} of {count}.",
        "access.required": "required",
        "access.secret": "hidden text",
        "access.invalid": "invalid: {error}",
        "access.disabled": "unavailable",
        "access.disabledBecause": "unavailable: {reason}",
        "access.choice": "Choose a number from 1 to {count}: {options}.",
        "access.multichoice": "Choose one or more numbers separated by commas, from 1 to {count}: {options}.",
        "access.confirm": "Answer yes or no.",
        "access.number.bounded": "Type a number {bounds}.",
        "access.integer": "Type a whole number.",
        "access.integer.bounded": "Type a whole number {bounds}.",
        "access.list": "Type one value per line and an empty line to finish, or all on one line separated by commas.",
        "access.list.exactly.one": "Exactly {count} value",
        "access.list.exactly.other": "Exactly {count} values",
        "access.list.between": "From {min} to {max} values",
        "access.list.min.one": "At least {count} value",
        "access.list.min.other": "At least {count} values",
        "access.list.max.one": "At most {count} value",
        "access.list.max.other": "At most {count} values",
        "access.list.unique": ", none repeated.",
        "access.list.uniqueOnly": "None repeated.",
        "access.list.numbers": "Each value a number.",
        "access.list.numbers.bounded": "Each value a number {bounds}.",
        "access.list.integers": "Each value a whole number.",
        "access.list.integers.bounded": "Each value a whole number {bounds}.",
        "access.list.emails": "Each value an e-mail address.",
        "access.group": "To remove one, type :remove and its number.",
        "access.group.between": "From {min} to {max}.",
        "access.group.min.one": "At least {count}.",
        "access.group.min.other": "At least {count}.",
        "access.group.max.one": "At most {count}.",
        "access.group.max.other": "At most {count}.",
        "access.number": "Type a number.",
        "access.length.min.one": "At least {count} character.",
        "access.length.min.other": "At least {count} characters.",
        "access.length.max.one": "At most {count} character.",
        "access.length.max.other": "At most {count} characters.",
        "access.multiline": "You can type several lines.",
        "access.example": "Example: {example}.",
        "access.default": "If left empty: {value}.",
        "access.value": "Current value: {value}.",
        "access.hidden.one": "hidden, {count} character",
        "access.hidden.other": "hidden, {count} characters",
        "access.button": "button",
        "access.busy": "busy",
        "access.submit.busyReason": "wait until sending ends",
        // MARK: - Submission
        "submission.sending": "Sending.",
        "submission.resending": "Sending again.",
        "submission.stillSending": "Still sending.",
        "submission.retryingIn": "Retrying in {time}.",
        "submission.retryCancelled": "Retry cancelled. Nothing was sent.",
        "submission.cancelled": "Sending cancelled. We don't know if it arrived; :retry is safe.",
        "submission.retry.offer": "Type :retry to send the same data again.",
        "submission.retry.now": "You can retry now: type :retry.",
        "submission.retry.after": "You can retry in {time}: type :retry.",
        "submission.retry.later": "The server asks to wait {time}. Type :retry later.",
        "submission.refused.busy": "{control} is unavailable while sending. Wait, or type :cancel.",
        "submission.refused.editWhileSending": "Fields can't change while sending. Wait, or type :cancel.",
        "submission.refused.notSending": "Nothing is being sent.",
        "submission.refused.nothingToRetry": "Nothing to retry: the form hasn't been sent yet.",
        "submission.refused.retryNotOffered":
            "Retrying won't help: the server rejected this data. Correct it and send again.",
        "submission.refused.retryInstead": "To send the same data again, type :retry.",
        "submission.refused.needsCorrection": "The server rejected this data. Change a field before sending.",
        "submission.refused.alreadyCompleted": "The form has already been sent.",
        "submission.refused.retryWaitTooLong": "Not yet: the server asks to wait {time}. Type :retry later.",
        "submission.duration.seconds.one": "{count} second",
        "submission.duration.seconds.other": "{count} seconds",
        "submission.duration.minutes.one": "{count} minute",
        "submission.duration.minutes.other": "{count} minutes",
        "submission.duration.overSixHours": "more than six hours",
        "submission.duration.hours.one": "{count} hour",
        "submission.duration.hours.other": "{count} hours",
        // MARK: - Server
        "server.success": "Form sent.",
        "server.fields.general": "The form could not be sent.",
        "server.errorCount.one": "There is {count} error.",
        "server.errorCount.other": "There are {count} errors.",
        "server.field.invalid": "The server does not accept this value. Check it.",
        "server.field.item": "Value {position}: {message}",
        "server.field.groupItem": "{item}: {message}",
        "server.field.groupMember": "{item}, {label}: {message}",
        "server.unknownField": "{name}: {message}",
        "server.moreErrors.one": "The server listed {count} more error.",
        "server.moreErrors.other": "The server listed {count} more errors.",
        "server.report.field": "{label}: {message}",
        "server.rejected": "The server did not accept the data. Check it and send again.",
        "server.unauthorized": "The server asks you to identify yourself. Sign in and try again.",
        "server.forbidden": "The server does not allow you to send this form.",
        "server.notFound": "This form's destination does not exist. Tell whoever published it.",
        "server.conflict": "The server says this data clashes with data it already has. Check it.",
        "server.requestTooLarge": "The data is too large for the server. Shorten a field.",
        "server.permanent": "The server refused the submission.",
        "server.unexpected": "The server gave a reply Voz does not understand. It is not known whether it arrived.",
        "server.busy": "The server is busy. Try again in a moment.",
        "server.unavailable": "The server has a problem. Try again in a moment.",
        "server.timeout": "The server did not answer in time. You can retry: it will not be sent twice.",
        "server.cannotConnect": "We could not connect. Try again.",
        "server.connectionLost": "The connection dropped before the reply. You can retry: it will not be sent twice.",
        "server.offline": "There is no network connection. Connect and try again.",
        "server.dns": "The server cannot be found. Check the connection and try again.",
        "server.tls": "A secure connection to the server could not be made, so nothing was sent.",
        "server.cancelled": "Sending cancelled. It may or may not have arrived; you can retry without sending twice.",
        "server.replyTooLarge": "The server's reply is too large to read.",
        "server.idempotency.inFlight":
            "The server is still processing an earlier send of this data. Wait a moment and retry.",
        "server.idempotency.keyReused":
            "The server already received different data for this send. Check the form and send it again.",
        "server.retryAfter.now": "You can retry now.",
        "server.retryAfter.in": "You can retry in {time}.",
        "server.log.cannotCreateFolder": "The technical log's folder cannot be created: {path}.",
        "server.log.cannotOpen": "The technical log cannot be written at {path}.",
        "server.log.isLink":
            "The technical log is not written to {path}: it is a symbolic link, and Voz does not write through links.",
        // MARK: - Speech
        "speech.off.noDevice": "Voz is not speaking because there is no sound device; it goes on in text only.",
        "speech.off.noEngine": "Voz is not speaking because eSpeak NG is not installed; it goes on in text only.",
        "speech.error.mode": "The value {value} from {source} is not valid: use auto, espeak, wav:FOLDER or none.",
        "speech.error.rate":
            "The rate {value} from {source} is not valid: use words a minute, a number from {min} to {max}.",
        "speech.error.setting": "The value {value} for {name} in {source} is not valid; correct it or remove it.",
        "speech.error.voice": "There is no voice called {value}, from {source}. Run voz voices to see the voices.",
        "speech.error.file": "The file {file} is not a valid voice profile or settings file; correct it or remove it.",
        "speech.error.engine":
            "eSpeak NG cannot start because its data is missing: install espeak-ng-data, or use --speech none.",
        "speech.error.noDevice":
            "Voz cannot speak: there is no sound device. Use --speech wav:FOLDER to record it, or --speech none.",
        "speech.error.audioFile":
            "Voz cannot write audio to {file}: check that the folder exists and can be written to.",
        "speech.error.transcript":
            "Voz cannot write the transcript to {file}: check that the folder exists and can be written to.",
        "speech.error.transcriptLink":
            "The transcript is not written to {file}: it is a symbolic link, and Voz does not write through links.",
        "speech.error.transcriptLine": "The transcript {file} cannot be read: line {line} is not an event.",
        "speech.voices.voz": "Voz's voices:",
        "speech.voices.espeak": "eSpeak NG's voices:",
        "speech.voices.profile": "{name}: {description}. eSpeak NG voice {voice}, {rate} words a minute.",
        "speech.voices.language": "{language}: {name}.",
        // MARK: - Session
        "session.greeting": "Form {title}. {counts}. Type :help to hear the commands.",
        "session.fieldCount.one": "1 field, {required} required",
        "session.fieldCount.other": "{count} fields, {required} required",
        "session.submitPrompt": "{label} button. Type {command} to send.",
        "session.submitPromptErrors": "{label} button. {count} fields still have errors; type {review} to hear them.",
        "session.onSubmit": "You are on the send button. Type {command} to send, or :go and a number to change a field.",
        "session.deferred": "Noted. I will apply it when sending ends.",
        "session.localErrors.one": "Cannot send yet. There is 1 error.",
        "session.localErrors.other": "Cannot send yet. There are {count} errors.",
        "session.permanentNext": "Correct the data with {go}, or type {quit} to leave.",
        "session.nothingToCancel": "Nothing is being sent.",
        "session.nothingToRepeat": "I have not said anything yet.",
        "session.goNotFound": "I cannot find the field {target}. Type a number from 1 to {total} or the field's name.",
        "session.unknownCommand": "I do not know the command {command}. Type :help to hear the commands.",
        "session.lineTooLong": "Answer too long: {count} characters. The limit is {maximum}. It was not kept.",
        "session.yesNo": "Answer yes or no.",
        "session.draft.offer.one": "There is a draft of this form with 1 answer. Restore it? Answer yes or no.",
        "session.draft.offer.other": "There is a draft of this form with {count} answers. Restore it? Answer yes or no.",
        "session.draft.restored.one": "Draft restored: 1 answer.",
        "session.draft.restored.other": "Draft restored: {count} answers.",
        "session.draft.discarded": "Draft discarded.",
        "session.confirmSend": "Send the form with {label}? Answer yes or no.",
        "session.sendDeclined": "Not sent. Change anything with :go, or type :submit when ready.",
        "session.review.field": "{position}. {label}: {value}.",
        "session.review.fieldError": "{position}. {label}: {value}. Error: {error}",
        "session.review.empty": "empty",
        "session.list.added.one": "1 value noted. Type another, or an empty line to finish.",
        "session.list.added.other": "{count} values noted. Type another, or an empty line to finish.",
        "session.list.needMore.one": "it needs at least {count} more value. Type another.",
        "session.list.needMore.other": "it needs at least {count} more values. Type another.",
        "session.group.addFirst": "Add a {item}? Answer yes or no.",
        "session.group.addAnother": "Add another {item}? Answer yes or no.",
        "session.group.added": "{item}: noted.",
        "session.group.full": "{item}: no room for more. Remove one with :remove and its number, or type an empty line to go on.",
        "session.remove.notHere": "There is nothing to remove here: :remove works in lists and groups.",
        "session.remove.which.one": "Type :remove 1 to remove it.",
        "session.remove.which.other": "Type :remove and a number from 1 to {count}.",
        "session.remove.empty": "There is nothing to remove.",
        "session.remove.done.one": "{item} {number}: removed. 1 left.",
        "session.remove.done.other": "{item} {number}: removed. {count} left.",
        "session.remove.value": "Value",
        "session.review.start": "Review of {title}.",
        "session.endOfInput.noDraft": "End of input. The form was not sent.",
        "session.interrupted.noDraft": "Interrupted. The form was not sent.",
        "session.interruptedSending.noDraft": "Interrupted while sending. It may or may not have arrived.",
        "session.quit.noDraft": "Leaving. The form was not sent.",
        "session.endOfInput": "End of input. The form was not sent; a draft was saved.",
        "session.interrupted": "Interrupted. The form was not sent; a draft was saved.",
        "session.interruptedSending": "Interrupted while sending. It may or may not have arrived; the draft keeps the key to retry without duplicates.",
        "session.quit": "Leaving. The form was not sent; a draft was saved.",
        "session.where.field": "Field {position} of {total}, {label}. State: {state}.",
        "session.where.submit": "{label} button. State: {state}.",
        "session.state.idle": "not sent",
        "session.state.sending": "sending",
        "session.state.failed": "the last attempt failed",
        "session.state.completed": "sent",
        "session.help": "Commands: {commands}",
        "session.help.submit": "{command} sends the form.",
        "session.help.retry": "{command} tries again after a connection failure.",
        "session.help.cancel": "{command} stops waiting for a reply.",
        "session.help.next": "{command} moves to the next field.",
        "session.help.previous": "{command} goes back one.",
        "session.help.go": "{command} and a number or name goes to that field.",
        "session.help.remove": "{command} and a number removes that item of a list or group.",
        "session.help.review": "{command} reads every field.",
        "session.help.repeat": "{command} says the last line again.",
        "session.help.where": "{command} says where you are.",
        "session.help.help": "{command} lists the commands.",
        "session.help.quit": "{command} leaves and keeps a draft.",
        // MARK: - Audit
        "audit.report.criterion": "Criterion: {criterion}.",
        "audit.report.bestPractice": "A best practice; no WCAG criterion covers it.",
        "audit.report.problems.one": "1 problem",
        "audit.report.problems.other": "{count} problems",
        "audit.report.files.one": "1 file",
        "audit.report.files.other": "{count} files",
        "audit.report.summary": "{problems} in {files}: {breakdown}.",
        "audit.report.clean": "No problems in {files}.",
        "audit.report.fails": "The audit fails: something is {threshold} or worse.",
        "audit.report.passes": "The audit passes: nothing is {threshold} or worse.",
        "audit.report.review": "needs review",
        "audit.report.reviewCount.one": "1 case needs a person to review it.",
        "audit.report.reviewCount.other": "{count} cases need a person to review them.",
        "audit.severity.critical": "critical",
        "audit.severity.serious": "serious",
        "audit.severity.moderate": "moderate",
        "audit.severity.minor": "minor",
        "audit.error.transcriptUnreadable":
            "The transcript {file} could not be read; check that it exists and that you may read it.",
        "audit.error.transcriptBadLine": "Line {line} of the transcript {file} is not a transcript event in JSON.",
        "audit.error.nothingToAudit":
            "voz audit needs at least one form file or --transcript FILE. Run voz audit --help for an example.",
        "audit.label-missing.summary": "Every field has a label.",
        "audit.label-missing.help": """
        Give the field a label that says what it asks, such as "Email address"; a placeholder or a hint is not a \
        label.
        """,
        "audit.label-missing.message": "The field {field} has no label, so it is announced with no name.",
        "audit.label-is-placeholder.summary": "A label is not the placeholder, the hint or an example value.",
        "audit.label-is-placeholder.help":
            "Write a label that names the question; keep examples in placeholder and instructions in hint.",
        "audit.label-is-placeholder.placeholder":
            "The label of field {field}, \"{label}\", is the same as its placeholder.",
        "audit.label-is-placeholder.hint": "The label of field {field}, \"{label}\", is the same as its hint.",
        "audit.label-is-placeholder.example":
            "The label of field {field}, \"{label}\", is an example value, not a name.",
        "audit.label-duplicate.summary": "No two fields share a label.",
        "audit.label-duplicate.help":
            "Give each field a label of its own, so it can be told apart by ear and reached with :go.",
        "audit.label-duplicate.message": "The field {field} has the same label as the field {first}: \"{label}\".",
        "audit.label-generic.summary": "A label says what the field asks, not what the field is.",
        "audit.label-generic.help":
            "Replace generic labels such as \"Field 1\" or \"Input\" with the question, such as \"Date of birth\".",
        "audit.label-generic.message":
            "The field {field} has a generic label, \"{label}\", that does not say what to enter.",
        "audit.required-marker.summary":
            "Whether a field is required comes from its required flag, not from marks in its text.",
        "audit.required-marker.help": """
        Remove "*" or "required" from the label and hint and set required; Voz says "required" itself. On an \
        optional field, remove the mark or make the field required.
        """,
        "audit.required-marker.redundant": """
        The field {field} marks itself required with "{marker}"; Voz already says required, so it is heard twice.
        """,
        "audit.required-marker.contradicts":
            "The field {field} says \"{marker}\" but is not required, so the user hears two different things.",
        "audit.format-instruction-missing.summary": "A format rule is explained before the user answers.",
        "audit.format-instruction-missing.help": """
        Say the rule in the hint, with its numbers ("Between 8 and 64 characters"), or give an example in the \
        placeholder.
        """,
        "audit.format-instruction-missing.message":
            "The field {field} has a format rule but no hint or example that explains it before input.",
        "audit.format-instruction-missing.limit": "The hint of field {field} does not say its limit of {limit}.",
        "audit.constraint-message-missing.summary": "A pattern has a message of its own.",
        "audit.constraint-message-missing.help": """
        Add a patternMessage that says what is wrong and how to fix it, such as "Write 5 digits, for example 28001".
        """,
        "audit.constraint-message-missing.message":
            "The field {field} has a pattern but no patternMessage, so a wrong value is only reported as not valid.",
        "audit.error-message-no-correction.summary": "An error message says how to correct the value.",
        "audit.error-message-no-correction.help":
            "Say what a valid value looks like: an example, a range, or the allowed characters or values.",
        "audit.error-message-no-correction.message":
            "The message of field {field}, \"{message}\", says that something is wrong but not how to fix it.",
        "audit.purpose-missing.summary": "A field that collects personal data states its purpose.",
        "audit.purpose-missing.help":
            "Add a purpose token from the HTML autocomplete list, such as email, name, tel or new-password.",
        "audit.purpose-missing.message":
            "The field {field} collects personal data but has no purpose; it probably needs \"{token}\".",
        "audit.purpose-invalid.summary": "A purpose is a valid autocomplete token.",
        "audit.purpose-invalid.help":
            "Use a token from the HTML autocomplete list, such as email, given-name, postal-code or current-password.",
        "audit.purpose-invalid.message":
            "The field {field} has the purpose \"{purpose}\", which is not an autocomplete token.",
        "audit.choice-no-options.summary": "A choice has options.",
        "audit.choice-no-options.help": "Give the choice its options, each with a value and a label.",
        "audit.choice-no-options.message": "The choice {field} has no options, so it cannot be answered.",
        "audit.option-duplicate-label.summary": "Each option has a label of its own.",
        "audit.option-duplicate-label.help":
            "Give every option a distinct label; options are answered by number or by label.",
        "audit.option-duplicate-label.message": "Option {number} of field {field} repeats the label \"{label}\".",
        "audit.option-duplicate-label.empty": "Option {number} of field {field} has no label.",
        "audit.branch-option-schema-name.summary": "Options that choose which questions follow have names for people.",
        "audit.branch-option-schema-name.help": "Write each option a label in words, such as \"Card\" instead of card_payment.",
        "audit.branch-option-schema-name.message": "Option \"{label}\" of field {field} is a technical name, not a word a listener understands.",
        "audit.group-item-label-missing.summary": "A repeatable group says what one item is called.",
        "audit.group-item-label-missing.help": "Give the group an itemLabel, such as \"Guest\", so each question says which item it is about.",
        "audit.group-item-label-missing.message": "The group {field} has no itemLabel: its questions do not say which item they are about.",
        "audit.list-end-instruction-missing.summary": "A list says how to end it.",
        "audit.list-end-instruction-missing.help": "If you replace the access.list phrase, say that an empty line ends the list or that commas separate values.",
        "audit.list-end-instruction-missing.message": "The phrase that explains the list {field} does not say how to end it.",
        "audit.submit-label-missing.summary": "The submit control has a label.",
        "audit.submit-label-missing.help": "Give submit a label that says what it does, such as \"Create account\".",
        "audit.submit-label-missing.message":
            "The submit control has no label, so the user does not hear what it does.",
        "audit.submit-busy-label-missing.summary": "The submit control has a busy label.",
        "audit.submit-busy-label-missing.help":
            "Add submit.busyLabel, such as \"Sending\", so progress is said by the control that caused it.",
        "audit.submit-busy-label-missing.message":
            "The submit control has no busy label, so nothing names it while sending.",
        "audit.review-step-missing.summary": "A submission that changes data is reviewed before it is sent.",
        "audit.review-step-missing.help":
            "Set submit.review to true, so the form is read back and confirmed before sending.",
        "audit.review-step-missing.message":
            "The form sends with {method} and changes data, but has no review step before sending.",
        "audit.hint-repeats-label.summary": "A hint adds something to the label.",
        "audit.hint-repeats-label.help":
            "Use the hint for what the label does not say (format, example, where to find the value), or remove it.",
        "audit.hint-repeats-label.message": "The hint of field {field}, \"{hint}\", only repeats the label.",
        "audit.symbol-unreadable.summary": "Spoken text does not rely on symbols a voice reads badly.",
        "audit.symbol-unreadable.help": "Replace check marks, stars, arrows, box drawing and emoji with words.",
        "audit.symbol-unreadable.message": "The text of {field} uses symbols a voice reads badly: {symbols}.",
        "audit.symbol-unreadable.only": "The text of {field} is only symbols a voice reads badly: {symbols}.",
        "audit.busy-not-announced.summary": "Starting to send is announced.",
        "audit.busy-not-announced.help": "Say what is in progress as soon as sending starts, such as \"Sending\".",
        "audit.busy-not-announced.message":
            "At {seconds} seconds sending started, but nothing was said while it lasted.",
        "audit.busy-never-ended.summary": "Every busy state ends.",
        "audit.busy-never-ended.help": "End sending with a line: done, failed with the reason, or cancelled.",
        "audit.busy-never-ended.message":
            "At {seconds} seconds sending started and it had not ended when the transcript stops.",
        "audit.outcome-not-announced.summary":
            "The outcome of a submission is announced, with no silence longer than 10 seconds.",
        "audit.outcome-not-announced.help": """
        Announce the outcome as soon as the state changes, and say "Still sending" at least every 10 seconds while \
        waiting.
        """,
        "audit.outcome-not-announced.message":
            "At {seconds} seconds the submission ended, but no outcome was announced.",
        "audit.outcome-not-announced.silent":
            "At {seconds} seconds the user had heard nothing for {gap} seconds while sending.",
        "audit.disabled-without-reason.summary": "A control announced as unavailable says why.",
        "audit.disabled-without-reason.help":
            "Say why the control is unavailable and what to do, such as \"while sending. Wait, or type :cancel\".",
        "audit.disabled-without-reason.message":
            "At {seconds} seconds a control was announced as unavailable without a reason: \"{text}\".",
        "audit.focus-not-first-error.summary":
            "After a failed submission, focus goes to the first failing field in form order.",
        "audit.focus-not-first-error.help": """
        Move focus to the first failing field in form order and read it with its error; after a transient failure, \
        keep focus on the submit control.
        """,
        "audit.focus-not-first-error.message": "At {seconds} seconds focus went to {actual} instead of {expected}.",
        "audit.focus-not-first-error.unknown": """
        After the failure at {seconds} seconds the transcript does not show where focus went; it should be \
        {expected}.
        """,
        "audit.error-count-not-announced.summary": "After a failed submission, the number of errors is announced.",
        "audit.error-count-not-announced.help":
            "Say how many errors there are before reading the first, such as \"There are 2 errors\".",
        "audit.error-count-not-announced.message": """
        At {seconds} seconds the submission failed with field errors, but their number, {count}, was not announced.
        """,
        "audit.technical-text-spoken.summary": "Spoken text carries no technical detail.",
        "audit.technical-text-spoken.help": """
        Say what happened and what to do in plain words; keep codes, names, addresses and traces in the technical \
        log.
        """,
        "audit.technical-text-spoken.statusCode": "At {seconds} seconds a status code was spoken: \"{text}\".",
        "audit.technical-text-spoken.exception":
            "At {seconds} seconds an exception or error name was spoken: \"{text}\".",
        "audit.technical-text-spoken.url": "At {seconds} seconds a web address was spoken: \"{text}\".",
        "audit.technical-text-spoken.domain": "At {seconds} seconds a domain or host name was spoken: \"{text}\".",
        "audit.technical-text-spoken.json": "At {seconds} seconds a JSON fragment was spoken: \"{text}\".",
        "audit.technical-text-spoken.html": "At {seconds} seconds an HTML fragment was spoken: \"{text}\".",
        "audit.technical-text-spoken.stackTrace": "At {seconds} seconds a stack trace was spoken: \"{text}\".",
        "audit.technical-text-spoken.identifier":
            "At {seconds} seconds an identifier such as a UUID was spoken: \"{text}\".",
        "audit.retry-after-permanent.summary": "A permanent failure does not offer a retry.",
        "audit.retry-after-permanent.help":
            "After a permanent failure, say what to correct; offer :retry only after transient failures.",
        "audit.retry-after-permanent.message":
            "At {seconds} seconds a retry was offered after a permanent failure: \"{text}\".",
        "audit.retry-missing-after-transient.summary": "A transient failure offers a retry.",
        "audit.retry-missing-after-transient.help":
            "After a timeout, a lost connection or a server fault, say that :retry sends the same data again.",
        "audit.retry-missing-after-transient.message":
            "At {seconds} seconds the submission failed for a transient reason, but no retry was offered.",
        "audit.secret-value-present.summary": "A secret's value is never recorded.",
        "audit.secret-value-present.help": "Record every input of a secret field as hidden, with no value.",
        "audit.secret-value-present.message":
            "At {seconds} seconds the value typed in the secret field {field} was recorded.",
        // MARK: - Command line
        "cli.placeholder": "en",
    ]
}
