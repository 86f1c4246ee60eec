// swift-format-ignore-file
// Phrases stay one a line however long, so translators can compare the two catalogs line by line.
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
        "form.bounds.between": "entre {min} y {max}",
        "form.bounds.min": "de {min} o más",
        "form.bounds.max": "de {max} o menos",
        "form.bounds.above": "mayor que {min}",
        "form.bounds.below": "menor que {max}",
        "form.bounds.step": "múltiplo de {step}",
        "form.list.items.one": "1 valor: {items}",
        "form.list.items.other": "{count} valores: {items}",
        "form.group.item": "{item} {number}",
        "form.group.itemOf": "{item} {number} de {total}",
        "form.group.count.one": "1 en total.",
        "form.group.count.other": "{count} en total.",
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
        "validation.required.yesNo": "es obligatorio. Responde sí o no.",
        "validation.required.list": "es obligatorio. Escribe al menos un valor.",
        "validation.integer.invalid": "escribe un número entero, sin decimales.",
        "validation.integer.fraction": "debe ser un número entero, sin decimales.",
        "validation.number.bounds": "debe ser un número {bounds}.",
        "validation.number.step": "debe ser múltiplo de {step}.",
        "validation.list.tooFew.one": "hace falta al menos {count} valor.",
        "validation.list.tooFew.other": "hacen falta al menos {count} valores.",
        "validation.list.tooMany.one": "admite como mucho {count} valor.",
        "validation.list.tooMany.other": "admite como mucho {count} valores.",
        "validation.list.duplicate": "el valor {position}, {item}, está repetido; cada valor debe ser distinto.",
        "validation.list.item": "el valor {position}, {item}: {detail}",
        "validation.group.member": "{item}, {label}: {detail}",
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
        "access.number.bounded": "Escribe un número {bounds}.",
        "access.integer": "Escribe un número entero.",
        "access.integer.bounded": "Escribe un número entero {bounds}.",
        "access.list": "Escribe un valor por línea y deja una línea vacía para terminar, o todos en una línea separados por comas.",
        "access.list.exactly.one": "Exactamente {count} valor",
        "access.list.exactly.other": "Exactamente {count} valores",
        "access.list.between": "De {min} a {max} valores",
        "access.list.min.one": "Al menos {count} valor",
        "access.list.min.other": "Al menos {count} valores",
        "access.list.max.one": "Como mucho {count} valor",
        "access.list.max.other": "Como mucho {count} valores",
        "access.list.unique": ", sin repetir.",
        "access.list.uniqueOnly": "Sin repetir.",
        "access.list.numbers": "Cada valor, un número.",
        "access.list.numbers.bounded": "Cada valor, un número {bounds}.",
        "access.list.integers": "Cada valor, un número entero.",
        "access.list.integers.bounded": "Cada valor, un número entero {bounds}.",
        "access.list.emails": "Cada valor, una dirección de correo.",
        "access.group": "Para quitar uno, escribe :quitar y su número.",
        "access.group.between": "De {min} a {max}.",
        "access.group.min.one": "Al menos {count}.",
        "access.group.min.other": "Al menos {count}.",
        "access.group.max.one": "Como mucho {count}.",
        "access.group.max.other": "Como mucho {count}.",
        "access.number": "Escribe un número.",
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
        "submission.sending": "Enviando.",
        "submission.resending": "Enviando de nuevo.",
        "submission.stillSending": "Todavía enviando.",
        "submission.retryingIn": "Reintentando en {time}.",
        "submission.retryCancelled": "Reintento cancelado. No se envió nada.",
        "submission.cancelled": "Envío cancelado. No sabemos si llegó; :reintentar es seguro.",
        "submission.retry.offer": "Escribe :reintentar para enviar los mismos datos.",
        "submission.retry.now": "Puedes reintentar ya: escribe :reintentar.",
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
        "submission.duration.overSixHours": "más de seis horas",
        "submission.duration.hours.one": "{count} hora",
        "submission.duration.hours.other": "{count} horas",
        // MARK: - Server
        "server.success": "Formulario enviado.",
        "server.fields.general": "No se pudo enviar el formulario.",
        "server.errorCount.one": "Hay {count} error.",
        "server.errorCount.other": "Hay {count} errores.",
        "server.field.invalid": "El servidor no acepta este valor. Revísalo.",
        "server.field.item": "Valor {position}: {message}",
        "server.field.groupItem": "{item}: {message}",
        "server.field.groupMember": "{item}, {label}: {message}",
        "server.unknownField": "{name}: {message}",
        "server.moreErrors.one": "El servidor indicó {count} error más.",
        "server.moreErrors.other": "El servidor indicó {count} errores más.",
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
        "server.retryAfter.now": "Puedes reintentar ya.",
        "server.retryAfter.in": "Podrás reintentar en {time}.",
        "server.log.cannotCreateFolder": "No se puede crear la carpeta del registro técnico: {path}.",
        "server.log.cannotOpen": "No se puede escribir el registro técnico en {path}.",
        "server.log.isLink":
            "No se escribe el registro técnico en {path}: es un enlace simbólico, y Voz no escribe a través de enlaces.",
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
        "speech.error.transcriptLink":
            "No se escribe la transcripción en {file}: es un enlace simbólico, y Voz no escribe a través de enlaces.",
        "speech.error.transcriptLine": "La transcripción {file} no se puede leer: la línea {line} no es un evento.",
        "speech.voices.voz": "Voces de Voz:",
        "speech.voices.espeak": "Voces de eSpeak NG:",
        "speech.voices.profile": "{name}: {description}. Voz de eSpeak NG {voice}, {rate} palabras por minuto.",
        "speech.voices.language": "{language}: {name}.",
        // MARK: - Session
        "session.greeting": "Formulario {title}. {counts}. Escribe :ayuda para ver los comandos.",
        "session.fieldCount.one": "1 campo, {required} obligatorio",
        "session.fieldCount.other": "{count} campos, {required} obligatorios",
        "session.submitPrompt": "Botón {label}. Escribe {command} para enviar.",
        "session.submitPromptErrors": "Botón {label}. Quedan errores en {count} campos; escribe {review} para oírlos.",
        "session.onSubmit": "Estás en el botón de envío. Escribe {command} para enviar, o :ir y un número para cambiar un campo.",
        "session.deferred": "Anotado. Lo aplico cuando termine el envío.",
        "session.localErrors.one": "No se puede enviar. Hay 1 error.",
        "session.localErrors.other": "No se puede enviar. Hay {count} errores.",
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
        "session.review.field": "{position}. {label}: {value}.",
        "session.review.fieldError": "{position}. {label}: {value}. Error: {error}",
        "session.review.empty": "vacío",
        "session.list.added.one": "Anotado 1 valor. Escribe otro, o una línea vacía para terminar.",
        "session.list.added.other": "Anotados {count} valores. Escribe otro, o una línea vacía para terminar.",
        "session.list.needMore.one": "falta al menos {count} valor más. Escribe otro.",
        "session.list.needMore.other": "faltan al menos {count} valores más. Escribe otro.",
        "session.group.addFirst": "¿Añadir un {item}? Responde sí o no.",
        "session.group.addAnother": "¿Añadir otro {item}? Responde sí o no.",
        "session.group.added": "{item}: anotado.",
        "session.group.full": "{item}: ya no caben más. Quita uno con :quitar y su número, o deja una línea vacía para seguir.",
        "session.remove.notHere": "Aquí no hay nada que quitar: :quitar sirve en listas y grupos.",
        "session.remove.which.one": "Escribe :quitar 1 para quitarlo.",
        "session.remove.which.other": "Escribe :quitar y un número del 1 al {count}.",
        "session.remove.empty": "No hay nada que quitar.",
        "session.remove.done.one": "{item} {number}: quitado. Queda 1.",
        "session.remove.done.other": "{item} {number}: quitado. Quedan {count}.",
        "session.remove.value": "Valor",
        "session.review.start": "Revisión de {title}.",
        "session.endOfInput.noDraft": "Fin de la entrada. El formulario no se ha enviado.",
        "session.interrupted.noDraft": "Interrumpido. El formulario no se ha enviado.",
        "session.interruptedSending.noDraft": "Interrumpido durante el envío. No sé si llegó.",
        "session.quit.noDraft": "Saliendo. El formulario no se ha enviado.",
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
        "session.help.remove": "{command} y un número quita ese elemento de una lista o grupo.",
        "session.help.review": "{command} lee todos los campos.",
        "session.help.repeat": "{command} repite lo último.",
        "session.help.where": "{command} dice dónde estás.",
        "session.help.help": "{command} lista los comandos.",
        "session.help.quit": "{command} sale y guarda un borrador.",
        // MARK: - Audit
        "audit.report.criterion": "Criterio: {criterion}.",
        "audit.report.bestPractice": "Buena práctica; ningún criterio WCAG la cubre.",
        "audit.report.problems.one": "1 problema",
        "audit.report.problems.other": "{count} problemas",
        "audit.report.files.one": "1 archivo",
        "audit.report.files.other": "{count} archivos",
        "audit.report.summary": "{problems} en {files}: {breakdown}.",
        "audit.report.clean": "Ningún problema en {files}.",
        "audit.report.fails": "La auditoría falla: hay algo {threshold} o peor.",
        "audit.report.passes": "La auditoría se supera: no hay nada {threshold} o peor.",
        "audit.report.review": "revisar",
        "audit.report.reviewCount.one": "1 caso necesita que lo revise una persona.",
        "audit.report.reviewCount.other": "{count} casos necesitan que los revise una persona.",
        "audit.severity.critical": "crítico",
        "audit.severity.serious": "grave",
        "audit.severity.moderate": "moderado",
        "audit.severity.minor": "menor",
        "audit.error.transcriptUnreadable":
            "No se pudo leer la transcripción {file}; comprueba que existe y que puedes leerla.",
        "audit.error.transcriptBadLine":
            "La línea {line} de la transcripción {file} no es un evento de transcripción en JSON.",
        "audit.error.nothingToAudit": """
        voz audit necesita al menos un archivo de formulario o --transcript ARCHIVO. Escribe voz audit --help para \
        ver un ejemplo.
        """,
        "audit.label-missing.summary": "Cada campo tiene una etiqueta.",
        "audit.label-missing.help": """
        Da al campo una etiqueta que diga qué pide, como «Correo electrónico»; un ejemplo o una pista no son una \
        etiqueta.
        """,
        "audit.label-missing.message": "El campo {field} no tiene etiqueta, así que se anuncia sin nombre.",
        "audit.label-is-placeholder.summary": "Una etiqueta no es el ejemplo, la pista ni un valor de ejemplo.",
        "audit.label-is-placeholder.help": """
        Escribe una etiqueta que nombre la pregunta; deja los ejemplos en placeholder y las instrucciones en hint.
        """,
        "audit.label-is-placeholder.placeholder": "La etiqueta del campo {field}, «{label}», es igual que su ejemplo.",
        "audit.label-is-placeholder.hint": "La etiqueta del campo {field}, «{label}», es igual que su pista.",
        "audit.label-is-placeholder.example":
            "La etiqueta del campo {field}, «{label}», es un valor de ejemplo, no un nombre.",
        "audit.label-duplicate.summary": "Dos campos no comparten etiqueta.",
        "audit.label-duplicate.help":
            "Da a cada campo su propia etiqueta, para distinguirlo de oído y llegar a él con :ir.",
        "audit.label-duplicate.message": "El campo {field} tiene la misma etiqueta que el campo {first}: «{label}».",
        "audit.label-generic.summary": "Una etiqueta dice qué pide el campo, no qué es.",
        "audit.label-generic.help":
            "Cambia etiquetas genéricas como «Campo 1» o «Input» por la pregunta, como «Fecha de nacimiento».",
        "audit.label-generic.message":
            "El campo {field} tiene una etiqueta genérica, «{label}», que no dice qué escribir.",
        "audit.required-marker.summary":
            "Que un campo es obligatorio lo dice su indicador required, no marcas en su texto.",
        "audit.required-marker.help": """
        Quita «*» u «obligatorio» de la etiqueta y la pista y marca required; Voz ya dice «obligatorio». En un campo \
        opcional, quita la marca o haz el campo obligatorio.
        """,
        "audit.required-marker.redundant": """
        El campo {field} se marca como obligatorio con «{marker}»; Voz ya dice obligatorio, así que se oye dos \
        veces.
        """,
        "audit.required-marker.contradicts":
            "El campo {field} dice «{marker}» pero no es obligatorio, así que se oyen dos cosas distintas.",
        "audit.format-instruction-missing.summary": "Una regla de formato se explica antes de responder.",
        "audit.format-instruction-missing.help":
            "Di la regla en la pista, con sus números («Entre 8 y 64 caracteres»), o da un ejemplo en placeholder.",
        "audit.format-instruction-missing.message": """
        El campo {field} tiene una regla de formato pero ninguna pista ni ejemplo que la explique antes de escribir.
        """,
        "audit.format-instruction-missing.limit": "La pista del campo {field} no dice su límite de {limit}.",
        "audit.constraint-message-missing.summary": "Un patrón tiene su propio mensaje.",
        "audit.constraint-message-missing.help": """
        Añade un patternMessage que diga qué falla y cómo corregirlo, como «Escribe 5 dígitos, por ejemplo 28001».
        """,
        "audit.constraint-message-missing.message": """
        El campo {field} tiene un patrón pero no un patternMessage, así que un valor erróneo solo se anuncia como no \
        válido.
        """,
        "audit.error-message-no-correction.summary": "Un mensaje de error dice cómo corregir el valor.",
        "audit.error-message-no-correction.help":
            "Di cómo es un valor válido: un ejemplo, un rango, o los caracteres o valores admitidos.",
        "audit.error-message-no-correction.message":
            "El mensaje del campo {field}, «{message}», dice que algo falla pero no cómo corregirlo.",
        "audit.purpose-missing.summary": "Un campo que pide datos personales declara su propósito.",
        "audit.purpose-missing.help":
            "Añade un purpose de la lista autocomplete de HTML, como email, name, tel o new-password.",
        "audit.purpose-missing.message":
            "El campo {field} pide datos personales pero no tiene purpose; probablemente necesita «{token}».",
        "audit.purpose-invalid.summary": "Un purpose es un token autocomplete válido.",
        "audit.purpose-invalid.help":
            "Usa un token de la lista autocomplete de HTML, como email, given-name, postal-code o current-password.",
        "audit.purpose-invalid.message":
            "El campo {field} tiene el purpose «{purpose}», que no es un token autocomplete.",
        "audit.choice-no-options.summary": "Una elección tiene opciones.",
        "audit.choice-no-options.help": "Da a la elección sus opciones, cada una con value y label.",
        "audit.choice-no-options.message": "La elección {field} no tiene opciones, así que no se puede responder.",
        "audit.option-duplicate-label.summary": "Cada opción tiene su propia etiqueta.",
        "audit.option-duplicate-label.help":
            "Da a cada opción una etiqueta distinta; las opciones se eligen por número o por etiqueta.",
        "audit.option-duplicate-label.message": "La opción {number} del campo {field} repite la etiqueta «{label}».",
        "audit.option-duplicate-label.empty": "La opción {number} del campo {field} no tiene etiqueta.",
        "audit.branch-option-schema-name.summary": "Las opciones que eligen qué preguntas siguen tienen nombres para personas.",
        "audit.branch-option-schema-name.help": "Escribe para cada opción una etiqueta en palabras, como «Tarjeta» en lugar de card_payment.",
        "audit.branch-option-schema-name.message": "La opción «{label}» del campo {field} es un nombre técnico, no una palabra que se entienda al oírla.",
        "audit.group-item-label-missing.summary": "Un grupo repetible dice cómo se llama cada elemento.",
        "audit.group-item-label-missing.help": "Da al grupo un itemLabel, como «Invitado», para que cada pregunta diga de qué elemento es.",
        "audit.group-item-label-missing.message": "El grupo {field} no tiene itemLabel: sus preguntas no dicen de qué elemento son.",
        "audit.list-end-instruction-missing.summary": "Una lista dice cómo terminarla.",
        "audit.list-end-instruction-missing.help": "Si cambias la frase access.list, di que una línea vacía termina la lista o que se puede separar con comas.",
        "audit.list-end-instruction-missing.message": "La frase que explica la lista {field} no dice cómo terminarla.",
        "audit.submit-label-missing.summary": "El control de envío tiene etiqueta.",
        "audit.submit-label-missing.help": "Da a submit una etiqueta que diga qué hace, como «Crear cuenta».",
        "audit.submit-label-missing.message": "El control de envío no tiene etiqueta, así que no se oye qué hace.",
        "audit.submit-busy-label-missing.summary": "El control de envío tiene una etiqueta de ocupado.",
        "audit.submit-busy-label-missing.help":
            "Añade submit.busyLabel, como «Enviando», para que el progreso lo diga el control que lo causó.",
        "audit.submit-busy-label-missing.message":
            "El control de envío no tiene etiqueta de ocupado, así que nada lo nombra mientras envía.",
        "audit.review-step-missing.summary": "Un envío que cambia datos se revisa antes de enviarlo.",
        "audit.review-step-missing.help":
            "Pon submit.review a true, para leer el formulario y confirmarlo antes de enviar.",
        "audit.review-step-missing.message":
            "El formulario envía con {method} y cambia datos, pero no tiene paso de revisión antes de enviar.",
        "audit.hint-repeats-label.summary": "Una pista añade algo a la etiqueta.",
        "audit.hint-repeats-label.help":
            "Usa la pista para lo que la etiqueta no dice (formato, ejemplo, dónde encontrar el dato), o quítala.",
        "audit.hint-repeats-label.message": "La pista del campo {field}, «{hint}», solo repite la etiqueta.",
        "audit.symbol-unreadable.summary": "El texto hablado no depende de símbolos que una voz lee mal.",
        "audit.symbol-unreadable.help":
            "Cambia marcas de verificación, estrellas, flechas, dibujos de caja y emoji por palabras.",
        "audit.symbol-unreadable.message": "El texto de {field} usa símbolos que una voz lee mal: {symbols}.",
        "audit.symbol-unreadable.only": "El texto de {field} es solo símbolos que una voz lee mal: {symbols}.",
        "audit.busy-not-announced.summary": "El inicio del envío se anuncia.",
        "audit.busy-not-announced.help": "Di qué está en curso en cuanto empieza el envío, como «Enviando».",
        "audit.busy-not-announced.message":
            "A los {seconds} segundos empezó el envío, pero no se dijo nada mientras duró.",
        "audit.busy-never-ended.summary": "Todo estado ocupado termina.",
        "audit.busy-never-ended.help": "Termina el envío con una línea: hecho, fallido con el motivo, o cancelado.",
        "audit.busy-never-ended.message":
            "A los {seconds} segundos empezó un envío que no había terminado al acabar la transcripción.",
        "audit.outcome-not-announced.summary":
            "El resultado de un envío se anuncia, sin silencios de más de 10 segundos.",
        "audit.outcome-not-announced.help": """
        Anuncia el resultado en cuanto cambia el estado, y di «Todavía enviando» al menos cada 10 segundos mientras \
        esperas.
        """,
        "audit.outcome-not-announced.message":
            "A los {seconds} segundos terminó el envío, pero no se anunció ningún resultado.",
        "audit.outcome-not-announced.silent":
            "A los {seconds} segundos el usuario llevaba {gap} segundos sin oír nada mientras se enviaba.",
        "audit.disabled-without-reason.summary": "Un control anunciado como no disponible dice por qué.",
        "audit.disabled-without-reason.help": """
        Di por qué el control no está disponible y qué hacer, como «mientras se envía. Espera, o escribe :cancelar».
        """,
        "audit.disabled-without-reason.message":
            "A los {seconds} segundos se anunció un control no disponible sin motivo: «{text}».",
        "audit.focus-not-first-error.summary":
            "Tras un envío fallido, el foco va al primer campo con error en el orden del formulario.",
        "audit.focus-not-first-error.help": """
        Mueve el foco al primer campo con error en el orden del formulario y léelo con su error; tras un fallo \
        transitorio, deja el foco en el control de envío.
        """,
        "audit.focus-not-first-error.message":
            "A los {seconds} segundos el foco fue a {actual} en lugar de a {expected}.",
        "audit.focus-not-first-error.unknown": """
        Tras el fallo de los {seconds} segundos la transcripción no muestra adónde fue el foco; debería ir a \
        {expected}.
        """,
        "audit.error-count-not-announced.summary": "Tras un envío fallido, se anuncia el número de errores.",
        "audit.error-count-not-announced.help":
            "Di cuántos errores hay antes de leer el primero, como «Hay 2 errores».",
        "audit.error-count-not-announced.message":
            "A los {seconds} segundos el envío falló con errores de campo, pero no se anunció su número, {count}.",
        "audit.technical-text-spoken.summary": "El texto hablado no lleva detalles técnicos.",
        "audit.technical-text-spoken.help": """
        Di qué pasó y qué hacer con palabras llanas; deja códigos, nombres, direcciones y trazas en el registro \
        técnico.
        """,
        "audit.technical-text-spoken.statusCode": "A los {seconds} segundos se dijo un código de estado: «{text}».",
        "audit.technical-text-spoken.exception":
            "A los {seconds} segundos se dijo un nombre de excepción o de error: «{text}».",
        "audit.technical-text-spoken.url": "A los {seconds} segundos se dijo una dirección web: «{text}».",
        "audit.technical-text-spoken.domain":
            "A los {seconds} segundos se dijo un nombre de dominio o de servidor: «{text}».",
        "audit.technical-text-spoken.json": "A los {seconds} segundos se dijo un fragmento JSON: «{text}».",
        "audit.technical-text-spoken.html": "A los {seconds} segundos se dijo un fragmento HTML: «{text}».",
        "audit.technical-text-spoken.stackTrace": "A los {seconds} segundos se dijo una traza de pila: «{text}».",
        "audit.technical-text-spoken.identifier":
            "A los {seconds} segundos se dijo un identificador como un UUID: «{text}».",
        "audit.retry-after-permanent.summary": "Un fallo permanente no ofrece reintentar.",
        "audit.retry-after-permanent.help":
            "Tras un fallo permanente, di qué corregir; ofrece :reintentar solo tras fallos transitorios.",
        "audit.retry-after-permanent.message":
            "A los {seconds} segundos se ofreció reintentar tras un fallo permanente: «{text}».",
        "audit.retry-missing-after-transient.summary": "Un fallo transitorio ofrece reintentar.",
        "audit.retry-missing-after-transient.help": """
        Tras un tiempo agotado, una conexión perdida o un fallo del servidor, di que :reintentar vuelve a enviar los \
        mismos datos.
        """,
        "audit.retry-missing-after-transient.message":
            "A los {seconds} segundos el envío falló por un motivo transitorio, pero no se ofreció reintentar.",
        "audit.secret-value-present.summary": "El valor de un secreto nunca se registra.",
        "audit.secret-value-present.help": "Registra cada entrada de un campo secreto como oculta, sin valor.",
        "audit.secret-value-present.message":
            "A los {seconds} segundos se registró el valor escrito en el campo secreto {field}.",
        // MARK: - Command line
        "cli.placeholder": "es",
    ]
}
