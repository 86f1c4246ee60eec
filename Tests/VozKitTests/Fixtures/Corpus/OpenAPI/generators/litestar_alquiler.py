"""Una pequeña API de alquiler de coches escrita con Litestar, en español, para el corpus de Voz.

Run: python litestar_alquiler.py > ../litestar-alquiler.json
"""

import json
import sys
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import Enum
from typing import Annotated, Optional

from litestar import Litestar, post
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Server
from litestar.params import Parameter
from pydantic import BaseModel, EmailStr, Field


class Categoria(str, Enum):
    economico = "economico"
    compacto = "compacto"
    familiar = "familiar"
    furgoneta = "furgoneta"


class Conductor(BaseModel):
    nombre: str = Field(title="Nombre", max_length=60)
    apellidos: str = Field(title="Apellidos", max_length=100)
    fecha_nacimiento: date = Field(title="Fecha de nacimiento", description="El conductor debe tener al menos 21 años.")
    numero_permiso: str = Field(
        title="Número del permiso de conducir", pattern=r"^[0-9]{8}[A-Z]$", description="Ocho cifras y una letra."
    )


class Direccion(BaseModel):
    calle: str = Field(title="Calle y número", max_length=120)
    localidad: str = Field(title="Localidad", max_length=80)
    codigo_postal: str = Field(title="Código postal", pattern=r"^[0-9]{5}$")
    provincia: Optional[str] = Field(default=None, title="Provincia")


class Tarjeta(BaseModel):
    titular: str = Field(title="Titular de la tarjeta", max_length=80)
    numero: str = Field(title="Número de la tarjeta", pattern=r"^[0-9]{16}$", description="Las 16 cifras, sin espacios.")
    caducidad: str = Field(title="Caducidad", pattern=r"^(0[1-9]|1[0-2])/[0-9]{2}$", description="Mes y año, como 07/28.")
    cvv: str = Field(title="Código de seguridad", pattern=r"^[0-9]{3}$", json_schema_extra={"writeOnly": True})


class Reserva(BaseModel):
    categoria: Categoria = Field(title="Categoría del coche")
    recogida: datetime = Field(title="Fecha y hora de recogida")
    devolucion: datetime = Field(title="Fecha y hora de devolución")
    oficina: str = Field(title="Oficina de recogida", description="Código de la oficina, como MAD01.", pattern=r"^[A-Z]{3}[0-9]{2}$")
    conductores: list[Conductor] = Field(title="Conductores", min_length=1, max_length=3)
    correo: EmailStr = Field(title="Correo electrónico")
    telefono: str = Field(title="Teléfono", max_length=15)
    direccion_facturacion: Direccion = Field(title="Dirección de facturación")
    tarjeta: Tarjeta = Field(title="Tarjeta de pago")
    silla_infantil: bool = Field(default=False, title="Silla infantil")
    observaciones: Optional[str] = Field(default=None, title="Observaciones", max_length=800)


class ReservaCreada(BaseModel):
    localizador: str
    total_euros: float


class Registro(BaseModel):
    correo: EmailStr = Field(title="Correo electrónico")
    contrasena: str = Field(
        title="Contraseña", min_length=8, description="Al menos 8 caracteres.", json_schema_extra={"format": "password"}
    )
    nombre: str = Field(title="Nombre completo", max_length=120)
    acepta_condiciones: bool = Field(title="Acepto las condiciones generales")


@post("/reservas", summary="Reservar un coche", operation_id="crearReserva")
async def crear_reserva(
    data: Reserva,
    api_key: Annotated[str, Parameter(header="Api-Key", description="Clave de la API de tu agencia.")],
) -> ReservaCreada:
    return ReservaCreada(localizador="X", total_euros=0)


@post("/clientes", summary="Darse de alta", operation_id="registrarCliente")
async def registrar(data: Registro) -> dict[str, int]:
    return {"id": 1}


app = Litestar(
    route_handlers=[crear_reserva, registrar],
    openapi_config=OpenAPIConfig(
        title="Alquiler de coches", version="3.2.0", servers=[Server(url="https://alquiler.example.es/api")]
    ),
)

if __name__ == "__main__":
    json.dump(app.openapi_schema.to_schema(), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
