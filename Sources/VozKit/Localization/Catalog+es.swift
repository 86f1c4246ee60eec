// The Spanish message catalog. Keys are grouped by the concern that says them; keep the sections in the
// same order in every language.
extension Catalog {
    static let spanish: [String: String] = [
        // MARK: - Form
        // MARK: - Validation
        // MARK: - Accessibility
        // MARK: - Submission
        // MARK: - Server
        "server.success": "Formulario enviado.",
        "server.fields.general": "No se pudo enviar el formulario.",
        "server.errorCount.one": "Hay {count} error.",
        "server.errorCount.other": "Hay {count} errores.",
        "server.field.invalid": "El servidor no acepta este valor. Revísalo.",
        "server.unknownField": "{name}: {message}",
        "server.report.field": "{label}: {message}",
        "server.rejected": "El servidor no ha aceptado los datos. Revísalos y vuelve a enviar.",
        "server.unauthorized": "El servidor pide que te identifiques. Inicia sesión y vuelve a intentarlo.",
        "server.forbidden": "El servidor no te permite enviar este formulario.",
        "server.notFound": "La dirección de envío de este formulario no existe. Avisa a quien lo publicó.",
        "server.conflict": "El servidor dice que estos datos chocan con otros que ya tiene. Revísalos.",
        "server.requestTooLarge": "Los datos son demasiado grandes para el servidor. Acorta algún campo.",
        "server.permanent": "El servidor ha rechazado el envío.",
        "server.unexpected": "El servidor ha dado una respuesta que Voz no entiende. No se sabe si llegó el envío.",
        "server.busy": "El servidor está ocupado. Inténtalo de nuevo en unos momentos.",
        "server.unavailable": "El servidor tiene un problema. Inténtalo de nuevo en unos momentos.",
        "server.timeout": "El servidor no ha respondido a tiempo. Puedes reintentar: no se enviará dos veces.",
        "server.cannotConnect": "No hemos podido conectar. Inténtalo de nuevo.",
        "server.connectionLost":
            "Se cortó la conexión antes de la respuesta. Puedes reintentar: no se enviará dos veces.",
        "server.offline": "No hay conexión a la red. Conéctate e inténtalo de nuevo.",
        "server.dns": "No se encuentra el servidor. Comprueba la conexión e inténtalo de nuevo.",
        "server.tls": "No se pudo establecer una conexión segura con el servidor, así que no se ha enviado nada.",
        "server.cancelled": "Envío cancelado. No se sabe si llegó; puedes reintentar sin que se envíe dos veces.",
        "server.replyTooLarge": "La respuesta del servidor es demasiado grande para leerla.",
        "server.idempotency.inFlight":
            "El servidor todavía está procesando un envío anterior de estos datos. Espera un momento y reintenta.",
        "server.idempotency.keyReused":
            "El servidor ya recibió otros datos en este envío. Revisa el formulario y envíalo de nuevo.",
        "server.retryAfter.seconds.one": "Podrás reintentar en {count} segundo.",
        "server.retryAfter.seconds.other": "Podrás reintentar en {count} segundos.",
        "server.retryAfter.minutes.one": "Podrás reintentar en {count} minuto.",
        "server.retryAfter.minutes.other": "Podrás reintentar en {count} minutos.",
        "server.log.cannotCreateFolder": "No se puede crear la carpeta del registro técnico: {path}.",
        "server.log.cannotOpen": "No se puede escribir el registro técnico en {path}.",
        // MARK: - Speech
        // MARK: - Session
        // MARK: - Audit
        // MARK: - Command line
        "cli.placeholder": "es",
    ]
}
