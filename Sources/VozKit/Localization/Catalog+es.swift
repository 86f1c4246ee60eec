// The Spanish message catalog. Keys are grouped by the concern that says them; keep the sections in the
// same order in every language.
extension Catalog {
    static let spanish: [String: String] = [
        // MARK: - Form
        "form.option": "{number}, {label}",
        "form.optionSeparator": "; ",
        "form.and": " y ",
        "form.yes": "sí",
        "form.no": "no",
        "form.emailExample": "ana@ejemplo.com",
        // MARK: - Validation
        "validation.message": "{label}: {detail}",
        "validation.example": "Ejemplo: {example}.",
        "validation.required": "es obligatorio. Escribe una respuesta.",
        "validation.required.name": "es obligatorio. Escribe tu nombre.",
        "validation.required.email": "es obligatorio. Escribe tu dirección de correo.",
        "validation.required.password": "es obligatorio. Escribe una contraseña.",
        "validation.required.number": "es obligatorio. Escribe un número.",
        "validation.required.choice": "es obligatorio. Elige un número del 1 al {count}.",
        "validation.required.multichoice": "es obligatorio. Elige al menos una opción por su número.",
        "validation.mustAccept": "hay que aceptarlo para continuar. Responde sí.",
        "validation.email.containsSpace": "no puede tener espacios.",
        "validation.email.missingAt": "falta la arroba.",
        "validation.email.severalAts": "tiene más de una arroba; debe tener solo una.",
        "validation.email.missingLocalPart": "falta el nombre antes de la arroba.",
        "validation.email.missingDomain": "falta el dominio después de la arroba.",
        "validation.email.tooLong": "es demasiado largo para una dirección de correo.",
        "validation.email.misplacedDot": "tiene un punto al principio, al final o dos seguidos.",
        "validation.email.domainWithoutDot": "al dominio le falta el punto, como en ejemplo.com.",
        "validation.email.invalidCharacter": "tiene un carácter que no vale en un correo: {character}.",
        "validation.number.invalid": "escribe un número, con coma o punto para los decimales.",
        "validation.number.min": "debe ser {min} o más.",
        "validation.number.max": "debe ser {max} o menos.",
        "validation.number.range": "debe estar entre {min} y {max}.",
        "validation.choice.unknown": "esa opción no existe. Elige un número del 1 al {count}: {options}.",
        "validation.multichoice.unknown":
            "{item} no es una de las opciones. Escribe sus números separados por comas, del 1 al {count}.",
        "validation.confirm.invalid": "responde sí o no.",
        "validation.length.tooShort.one": "tiene menos de {count} carácter. Escribe al menos {count}.",
        "validation.length.tooShort.other": "tiene menos de {count} caracteres. Escribe al menos {count}.",
        "validation.length.tooLong.one": "tiene más de {count} carácter. Escribe como mucho {count}.",
        "validation.length.tooLong.other": "tiene más de {count} caracteres. Escribe como mucho {count}.",
        "validation.pattern": "no tiene el formato pedido.",
        "validation.pattern.timeout": "no se pudo comprobar a tiempo. Escríbelo más corto.",
        "validation.control": "tiene caracteres de control. Escríbelo de nuevo sin ellos.",
        "validation.wrongType": "el valor guardado no vale para este campo. Escríbelo de nuevo.",
        // MARK: - Accessibility
        "access.position": "Campo {position} de {count}.",
        "access.required": "obligatorio",
        "access.secret": "texto oculto",
        "access.invalid": "no válido: {error}",
        "access.disabled": "no disponible",
        "access.disabledBecause": "no disponible: {reason}",
        "access.choice": "Elige un número del 1 al {count}: {options}.",
        "access.multichoice": "Elige uno o más números separados por comas, del 1 al {count}: {options}.",
        "access.confirm": "Responde sí o no.",
        "access.number": "Escribe un número.",
        "access.number.range": "Escribe un número entre {min} y {max}.",
        "access.number.min": "Escribe un número de {min} o más.",
        "access.number.max": "Escribe un número de {max} o menos.",
        "access.length.min.one": "Al menos {count} carácter.",
        "access.length.min.other": "Al menos {count} caracteres.",
        "access.length.max.one": "Como mucho {count} carácter.",
        "access.length.max.other": "Como mucho {count} caracteres.",
        "access.multiline": "Puedes escribir varias líneas.",
        "access.example": "Ejemplo: {example}.",
        "access.default": "Si lo dejas vacío: {value}.",
        "access.value": "Valor actual: {value}.",
        "access.hidden.one": "oculto, {count} carácter",
        "access.hidden.other": "oculto, {count} caracteres",
        "access.button": "botón",
        "access.busy": "ocupado",
        "access.submit.busyReason": "espera a que termine el envío",
        // MARK: - Submission
        // MARK: - Server
        // MARK: - Speech
        // MARK: - Session
        // MARK: - Audit
        // MARK: - Command line
        "cli.placeholder": "es",
    ]
}
