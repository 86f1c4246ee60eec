// The Spanish message catalog. Keys are grouped by the concern that says them; keep the sections in the
// same order in every language.
extension Catalog {
    static let spanish: [String: String] = [
        // MARK: - Form
        // MARK: - Validation
        // MARK: - Accessibility
        // MARK: - Submission
        "submission.sending": "Enviando.",
        "submission.resending": "Enviando de nuevo.",
        "submission.stillSending": "Todavía enviando.",
        "submission.retryingIn": "Reintentando en {time}.",
        "submission.retryCancelled": "Reintento cancelado. No se envió nada.",
        "submission.cancelled": "Envío cancelado. No sabemos si llegó; :reintentar es seguro.",
        "submission.retry.offer": "Escribe :reintentar para enviar los mismos datos.",
        "submission.retry.after": "Puedes reintentar en {time}: escribe :reintentar.",
        "submission.retry.later": "El servidor pide esperar {time}. Escribe :reintentar más tarde.",
        "submission.refused.busy": "{control} no está disponible mientras se envía. Espera, o escribe :cancelar.",
        "submission.refused.editWhileSending":
            "No se puede cambiar un campo mientras se envía. Espera, o escribe :cancelar.",
        "submission.refused.notSending": "No hay ningún envío en curso.",
        "submission.refused.nothingToRetry": "No hay nada que reintentar: el formulario aún no se ha enviado.",
        "submission.refused.retryNotOffered":
            "Reintentar no sirve: el servidor rechazó estos datos. Corrígelos y vuelve a enviar.",
        "submission.refused.retryInstead": "Para enviar los mismos datos otra vez, escribe :reintentar.",
        "submission.refused.needsCorrection": "El servidor rechazó estos datos. Cambia algún campo antes de enviar.",
        "submission.refused.alreadyCompleted": "El formulario ya se envió.",
        "submission.refused.retryWaitTooLong":
            "Aún no: el servidor pide esperar {time}. Escribe :reintentar más tarde.",
        "submission.duration.seconds.one": "{count} segundo",
        "submission.duration.seconds.other": "{count} segundos",
        "submission.duration.minutes.one": "{count} minuto",
        "submission.duration.minutes.other": "{count} minutos",
        "submission.duration.hours.one": "{count} hora",
        "submission.duration.hours.other": "{count} horas",
        // MARK: - Server
        // MARK: - Speech
        // MARK: - Session
        // MARK: - Audit
        // MARK: - Command line
        "cli.placeholder": "es",
    ]
}
