// swift-format-ignore-file: phrases are kept one a line however long, so translators can compare them.
// The Spanish message catalog. Keys are grouped by the concern that says them; keep the sections in the
// same order in every language.
extension Catalog {
    static let spanish: [String: String] = [
        // MARK: - Form
        // MARK: - Validation
        // MARK: - Accessibility
        // MARK: - Submission
        // MARK: - Server
        // MARK: - Speech
        // MARK: - Session
        "session.greeting": "Formulario {title}. {counts}. Escribe :ayuda para ver los comandos.",
        "session.fieldCount.one": "1 campo, {required} obligatorio",
        "session.fieldCount.other": "{count} campos, {required} obligatorios",
        "session.submitPrompt": "Botón {label}. Escribe {command} para enviar.",
        "session.submitPromptErrors": "Botón {label}. Quedan errores en {count} campos; escribe {review} para oírlos.",
        "session.onSubmit": "Estás en el botón de envío. Escribe {command} para enviar, o :ir y un número para cambiar un campo.",
        "session.sending": "Enviando",
        "session.retrying": "{busy} de nuevo.",
        "session.stillSending": "Todavía enviando.",
        "session.deferred": "Anotado. Lo aplico cuando termine el envío.",
        "session.localErrors.one": "No se puede enviar. Hay 1 error.",
        "session.localErrors.other": "No se puede enviar. Hay {count} errores.",
        "session.errorCount.one": "Hay 1 error.",
        "session.errorCount.other": "Hay {count} errores.",
        "session.retryOffer": "Escribe {command} para volver a intentarlo con los mismos datos.",
        "session.retryOfferAfter.one": "Podrás reintentar en 1 segundo: escribe {command}.",
        "session.retryOfferAfter.other": "Podrás reintentar en {count} segundos: escribe {command}.",
        "session.permanentNext": "Corrige los datos con {go}, o escribe {quit} para salir.",
        "session.nothingToCancel": "No hay ningún envío en curso.",
        "session.nothingToRepeat": "Todavía no he dicho nada.",
        "session.goNotFound": "No encuentro el campo {target}. Escribe un número del 1 al {total} o el nombre del campo.",
        "session.unknownCommand": "No conozco el comando {command}. Escribe :ayuda para ver los comandos.",
        "session.lineTooLong": "Respuesta demasiado larga: {count} caracteres. El máximo es {maximum}. No la he guardado.",
        "session.yesNo": "Responde sí o no.",
        "session.draft.offer.one": "Hay un borrador de este formulario con 1 respuesta. ¿Lo recupero? Responde sí o no.",
        "session.draft.offer.other": "Hay un borrador de este formulario con {count} respuestas. ¿Lo recupero? Responde sí o no.",
        "session.draft.restored.one": "Borrador recuperado: 1 respuesta.",
        "session.draft.restored.other": "Borrador recuperado: {count} respuestas.",
        "session.draft.discarded": "Borrador descartado.",
        "session.confirmSend": "¿Envío el formulario con {label}? Responde sí o no.",
        "session.sendDeclined": "No lo envío. Cambia lo que quieras con :ir, o escribe :enviar cuando estés listo.",
        "session.review.start": "Revisión de {title}.",
        "session.endOfInput": "Fin de la entrada. El formulario no se ha enviado; he guardado un borrador.",
        "session.interrupted": "Interrumpido. El formulario no se ha enviado; he guardado un borrador.",
        "session.interruptedSending": "Interrumpido durante el envío. No sé si llegó; el borrador guarda la clave para reintentar sin duplicar.",
        "session.quit": "Saliendo. El formulario no se ha enviado; he guardado un borrador.",
        "session.where.field": "Campo {position} de {total}, {label}. Estado: {state}.",
        "session.where.submit": "Botón {label}. Estado: {state}.",
        "session.state.idle": "sin enviar",
        "session.state.sending": "enviando",
        "session.state.failed": "el último envío falló",
        "session.state.completed": "enviado",
        "session.help": "Comandos: {commands}",
        "session.help.submit": "{command} envía el formulario.",
        "session.help.retry": "{command} reintenta tras un fallo de conexión.",
        "session.help.cancel": "{command} deja de esperar un envío.",
        "session.help.next": "{command} pasa al campo siguiente.",
        "session.help.previous": "{command} vuelve al anterior.",
        "session.help.go": "{command} y un número o nombre va a ese campo.",
        "session.help.review": "{command} lee todos los campos.",
        "session.help.repeat": "{command} repite lo último.",
        "session.help.where": "{command} dice dónde estás.",
        "session.help.help": "{command} lista los comandos.",
        "session.help.quit": "{command} sale y guarda un borrador.",
        // MARK: - Audit
        // MARK: - Command line
        "cli.placeholder": "es",
    ]
}
