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
        "speech.off.noDevice": "Voz no habla porque no hay ningún dispositivo de sonido; sigue solo en texto.",
        "speech.off.noEngine": "Voz no habla porque eSpeak NG no está instalado; sigue solo en texto.",
        "speech.error.mode": "El valor {value} de {source} no es válido: use auto, espeak, wav:CARPETA o none.",
        "speech.error.rate":
            "La velocidad {value} de {source} no es válida: use palabras por minuto, un número entre {min} y {max}.",
        "speech.error.setting": "El valor {value} de {name} en {source} no es válido; corríjalo o quítelo.",
        "speech.error.voice": "No hay ninguna voz llamada {value}, de {source}. Ejecute voz voices para ver las voces.",
        "speech.error.file":
            "El archivo {file} no es un perfil de voz ni una configuración válida; corríjalo o quítelo.",
        "speech.error.engine":
            "eSpeak NG no puede arrancar porque faltan sus datos: instale espeak-ng-data, o use --speech none.",
        "speech.error.noDevice":
            "No se puede hablar: no hay dispositivo de sonido. Use --speech wav:CARPETA para grabar, o --speech none.",
        "speech.error.audioFile":
            "No se puede escribir el audio en {file}: compruebe que la carpeta existe y admite escritura.",
        "speech.error.transcript":
            "No se puede escribir la transcripción en {file}: compruebe que la carpeta existe y admite escritura.",
        "speech.error.transcriptLine": "La transcripción {file} no se puede leer: la línea {line} no es un evento.",
        "speech.voices.voz": "Voces de Voz:",
        "speech.voices.espeak": "Voces de eSpeak NG:",
        "speech.voices.profile": "{name}: {description}. Voz de eSpeak NG {voice}, {rate} palabras por minuto.",
        "speech.voices.language": "{language}: {name}.",
        // MARK: - Session
        // MARK: - Audit
        // MARK: - Command line
        "cli.placeholder": "es",
    ]
}
