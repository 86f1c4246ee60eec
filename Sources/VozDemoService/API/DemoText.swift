/// Every sentence the demo service puts in a reply, in English and Spanish.
///
/// The service stands for a real server, so these are the server's own words (what a client receives), not
/// Voz's catalog: Voz must cope with whatever a server says.
enum DemoText: Sendable, CaseIterable {
    case validationTitle, validationDetail
    case nameRequired
    case emailRequired, emailInvalid, emailTaken
    case duplicateTitle, duplicateDetail
    case passwordRequired, passwordShort
    case couponExpired
    case termsRequired
    case blockedTitle, blockedDetail
    case keyReusedTitle, keyReusedDetail
    case keyInFlightTitle, keyInFlightDetail
    case keyInvalidTitle, keyInvalidDetail
    case badBodyTitle, bodyNotJSON, bodyNotObject
    case mediaTypeTitle, mediaTypeDetail
    case notFoundTitle, notFoundDetail
    case methodTitle, methodDetail
    case internalTitle, internalDetail
    case created

    /// The sentence in `language`.
    func text(_ language: DemoLanguage) -> String {
        switch language {
        case .english: return english
        case .spanish: return spanish
        }
    }

    // MARK: - English

    private var english: String {
        switch self {
        case .validationTitle: return "Your request is not valid."
        case .validationDetail: return "Some fields need correcting."
        case .nameRequired: return "Enter your name."
        case .emailRequired: return "Enter your e-mail address."
        case .emailInvalid: return "Enter an e-mail address like name@example.com."
        case .emailTaken: return "This e-mail address is already registered."
        case .duplicateTitle: return "The account already exists."
        case .duplicateDetail: return "An account with this e-mail address already exists."
        case .passwordRequired: return "Enter a password."
        case .passwordShort: return "The password must have at least 8 characters."
        case .couponExpired: return "This coupon has expired."
        case .termsRequired: return "You must accept the terms to continue."
        case .blockedTitle: return "Account blocked."
        case .blockedDetail: return "This account is blocked. Contact support to unblock it."
        case .keyReusedTitle: return "Idempotency-Key is already used."
        case .keyReusedDetail:
            return "This operation is idempotent and it requires correct usage of Idempotency Key. "
                + "Idempotency Key MUST not be reused across different payloads of this operation."
        case .keyInFlightTitle: return "A request is outstanding for this Idempotency-Key."
        case .keyInFlightDetail:
            return
                "A request with the same Idempotency-Key for the same operation is being processed or is outstanding."
        case .keyInvalidTitle: return "Idempotency-Key is not valid."
        case .keyInvalidDetail: return "The Idempotency-Key must be 1 to 255 visible characters."
        case .badBodyTitle: return "The request body cannot be read."
        case .bodyNotJSON: return "The request body is not valid JSON."
        case .bodyNotObject: return "The request body must be a JSON object."
        case .mediaTypeTitle: return "Unsupported media type."
        case .mediaTypeDetail: return "Send the body as application/json or application/x-www-form-urlencoded."
        case .notFoundTitle: return "Not found."
        case .notFoundDetail: return "There is nothing at this address."
        case .methodTitle: return "Method not allowed."
        case .methodDetail: return "This address does not accept this method."
        case .internalTitle: return "Internal server error."
        case .internalDetail: return "The service could not complete the request."
        case .created: return "Account created."
        }
    }

    // MARK: - Spanish

    private var spanish: String {
        switch self {
        case .validationTitle: return "La solicitud no es válida."
        case .validationDetail: return "Hay campos que corregir."
        case .nameRequired: return "Escriba su nombre."
        case .emailRequired: return "Escriba su correo electrónico."
        case .emailInvalid: return "Escriba un correo electrónico como nombre@ejemplo.com."
        case .emailTaken: return "Este correo electrónico ya está registrado."
        case .duplicateTitle: return "La cuenta ya existe."
        case .duplicateDetail: return "Ya existe una cuenta con este correo electrónico."
        case .passwordRequired: return "Escriba una contraseña."
        case .passwordShort: return "La contraseña debe tener al menos 8 caracteres."
        case .couponExpired: return "Este cupón ha caducado."
        case .termsRequired: return "Debe aceptar las condiciones para continuar."
        case .blockedTitle: return "Cuenta bloqueada."
        case .blockedDetail: return "Esta cuenta está bloqueada. Contacte con soporte para desbloquearla."
        case .keyReusedTitle: return "La Idempotency-Key ya se ha usado."
        case .keyReusedDetail:
            return "Esta operación es idempotente y exige usar bien la Idempotency-Key: "
                + "no puede repetirse con datos distintos."
        case .keyInFlightTitle: return "Hay una solicitud pendiente con esta Idempotency-Key."
        case .keyInFlightDetail:
            return "Se está procesando una solicitud con la misma Idempotency-Key para la misma operación."
        case .keyInvalidTitle: return "La Idempotency-Key no es válida."
        case .keyInvalidDetail: return "La Idempotency-Key debe tener de 1 a 255 caracteres visibles."
        case .badBodyTitle: return "No se puede leer el cuerpo de la solicitud."
        case .bodyNotJSON: return "El cuerpo de la solicitud no es JSON válido."
        case .bodyNotObject: return "El cuerpo de la solicitud debe ser un objeto JSON."
        case .mediaTypeTitle: return "Tipo de contenido no admitido."
        case .mediaTypeDetail: return "Envíe el cuerpo como application/json o application/x-www-form-urlencoded."
        case .notFoundTitle: return "No encontrado."
        case .notFoundDetail: return "No hay nada en esta dirección."
        case .methodTitle: return "Método no permitido."
        case .methodDetail: return "Esta dirección no admite este método."
        case .internalTitle: return "Error interno del servidor."
        case .internalDetail: return "El servicio no pudo completar la solicitud."
        case .created: return "Cuenta creada."
        }
    }
}
