"""A small clinic API written with FastAPI, to generate a real FastAPI description for Voz's corpus.

Run: python fastapi_clinic.py > ../fastapi-clinic.json
"""

import json
import sys
from datetime import date, datetime
from enum import Enum
from typing import Annotated, Literal, Optional, Union

from fastapi import FastAPI, Form, Header
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, EmailStr, Field

app = FastAPI(
    title="Clinic appointments",
    version="1.0.0",
    servers=[{"url": "https://clinic.example.com/api"}],
)


class Sex(str, Enum):
    female = "female"
    male = "male"
    other = "other"


class Address(BaseModel):
    street: str = Field(max_length=120, description="Street and number.")
    city: str = Field(max_length=80)
    postal_code: str = Field(pattern=r"^[0-9]{5}$", description="Five digits.")
    country: str = Field(default="ES", min_length=2, max_length=2, description="ISO 3166-1 alpha-2 code.")


class PatientSignUp(BaseModel):
    given_name: str = Field(title="First name", max_length=60)
    family_name: str = Field(title="Last name", max_length=60)
    email: EmailStr
    password: str = Field(min_length=10, max_length=128, json_schema_extra={"format": "password", "writeOnly": True})
    date_of_birth: date
    sex: Optional[Sex] = None
    phone: Optional[str] = Field(default=None, pattern=r"^\+?[0-9 ]{7,15}$", description="With country code.")
    address: Address
    accepts_terms: Literal[True] = Field(description="You must accept the terms of service.")


class Patient(BaseModel):
    id: int
    given_name: str
    family_name: str
    email: EmailStr


class LogIn(BaseModel):
    email: EmailStr
    password: str = Field(json_schema_extra={"format": "password"})


class Token(BaseModel):
    access_token: str
    token_type: Literal["bearer"] = "bearer"


class Speciality(str, Enum):
    general = "general"
    dentistry = "dentistry"
    paediatrics = "paediatrics"
    dermatology = "dermatology"


class AppointmentRequest(BaseModel):
    speciality: Speciality
    starts_at: datetime = Field(description="Date and time of the appointment, in the clinic's time zone.")
    reason: str = Field(max_length=2000, description="What the visit is about. The doctor reads this before the visit.")
    symptoms: list[str] = Field(default_factory=list, max_length=10)
    first_visit: bool = False
    interpreter_language: Optional[str] = Field(default=None, max_length=40)


class Appointment(AppointmentRequest):
    id: int
    status: Literal["booked", "cancelled"]


class CardPayment(BaseModel):
    method: Literal["card"]
    cardholder_name: str = Field(max_length=80)
    card_number: str = Field(pattern=r"^[0-9]{13,19}$")
    expiry_month: int = Field(ge=1, le=12)
    expiry_year: int = Field(ge=2025, le=2045)
    cvc: str = Field(pattern=r"^[0-9]{3,4}$", json_schema_extra={"writeOnly": True})


class InsurancePayment(BaseModel):
    method: Literal["insurance"]
    insurer: str = Field(max_length=80)
    policy_number: str = Field(max_length=40)


class PaymentRequest(BaseModel):
    amount_cents: int = Field(gt=0, description="Amount in euro cents.")
    payment: Annotated[Union[CardPayment, InsurancePayment], Field(discriminator="method")]
    save_card: bool = Field(default=False, title="Save card for next time")


@app.post("/patients", status_code=201, summary="Register as a patient")
def register_patient(body: PatientSignUp) -> Patient:
    return Patient(id=1, given_name=body.given_name, family_name=body.family_name, email=body.email)


@app.post("/auth/login", summary="Log in")
def log_in(body: LogIn) -> Token:
    return Token(access_token="x")


class AuthorizeForm(BaseModel):
    """The patient portal's own log-in page, posted as a form, in an OAuth 2 authorization-code flow with PKCE."""

    response_type: Literal["code"]
    client_id: str
    redirect_uri: str = Field(json_schema_extra={"format": "uri"})
    scope: str = "appointments"
    state: str = Field(description="Opaque value echoed back to the client.")
    code_challenge: str = Field(min_length=43, max_length=128)
    code_challenge_method: Literal["S256"]
    csrf_token: str
    username: str = Field(title="E-mail or patient number")
    password: str = Field(json_schema_extra={"format": "password"})
    remember_me: bool = Field(default=False, title="Keep me signed in")


@app.post("/oauth/authorize", summary="Sign in to the patient portal", response_class=HTMLResponse)
def authorize(form: Annotated[AuthorizeForm, Form()]) -> str:
    return ""


@app.post("/appointments", status_code=201, summary="Book an appointment")
def book_appointment(
    body: AppointmentRequest,
    api_key: Annotated[str, Header(alias="Api-Key", description="Your clinic API key.")],
) -> Appointment:
    return Appointment(id=1, status="booked", **body.model_dump())


@app.post("/appointments/{appointment_id}/payment", summary="Pay for an appointment")
def pay_appointment(
    appointment_id: int,
    body: PaymentRequest,
    api_key: Annotated[str, Header(alias="Api-Key")],
) -> Appointment:
    raise NotImplementedError


if __name__ == "__main__":
    json.dump(app.openapi(), sys.stdout, indent=2)
    sys.stdout.write("\n")
