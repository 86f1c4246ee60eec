"""A small FastAPI (pydantic v2) app whose OpenAPI description Voz's tests read.

Written the way a FastAPI user writes one: models with type hints, `Field` for bounds and patterns, a few
descriptions and titles but not everywhere (pydantic then makes a title from the property name, which is what the
`label-is-property-name` audit rule looks for). Run by scripts/generate-openapi-fixtures, never by the tests.
"""

import datetime
import enum
from typing import Annotated, Literal

from fastapi import FastAPI, Path, Query
from pydantic import BaseModel, EmailStr, Field

app = FastAPI(
    title="Voz fixtures: travel bookings",
    version="1.0.0",
    servers=[{"url": "https://api.example.com/v1", "description": "Production"}],
)


class Country(str, enum.Enum):
    spain = "ES"
    mexico = "MX"
    argentina = "AR"
    united_kingdom = "GB"


class Address(BaseModel):
    street: str = Field(min_length=1, max_length=120)
    city: str
    postal_code: str = Field(pattern=r"^[0-9]{5}$", description="Five digits, such as 28001.")
    country: Country


class SignUp(BaseModel):
    email: EmailStr = Field(title="E-mail address", description="We send the confirmation here.")
    password: str = Field(min_length=12, max_length=128, json_schema_extra={"format": "password", "writeOnly": True})
    full_name: str = Field(min_length=1, max_length=80)
    birth_date: datetime.date
    country: Country
    accept_terms: Literal[True] = Field(title="I accept the terms of service")
    address: Address
    tags: list[str] = Field(default_factory=list, max_length=5)
    nickname: str | None = None


class Passenger(BaseModel):
    passenger_name: str = Field(min_length=2, max_length=60)
    age: int = Field(ge=0, le=120, description="Age on the day of travel, in years.")
    seat_preference: Literal["window", "aisle", "any"] = "any"


class Booking(BaseModel):
    flight_code: str = Field(pattern=r"^[A-Z]{2}[0-9]{3,4}$", min_length=5, max_length=6)
    passengers: list[Passenger] = Field(min_length=1, max_length=9)
    bags: int = Field(default=0, ge=0, lt=4, title="Checked bags", description="Up to three, 23 kg each.")
    notes: str | None = Field(default=None, max_length=1000)
    contact_phone: str | None = Field(default=None, title="Phone for delays")


class BookingOut(Booking):
    id: int


class Review(BaseModel):
    rating: int = Field(ge=1, le=5, title="Stars", description="From 1 (poor) to 5 (excellent).")
    comment: str = Field(max_length=2000, title="What you liked or did not")


@app.post("/accounts", operation_id="createAccount", summary="Create an account", status_code=201)
def create_account(body: SignUp) -> dict[str, str]:
    return {"status": "created"}


@app.post("/bookings", operation_id="createBooking", summary="Book a flight", status_code=201)
def create_booking(body: Booking) -> BookingOut:
    return BookingOut(id=1, **body.model_dump())


@app.put("/bookings/{booking_id}/review", operation_id="reviewBooking", summary="Review your trip")
def review_booking(
    booking_id: Annotated[int, Path(ge=1)],
    body: Review,
    notify: Annotated[bool, Query(description="Tell the crew about the review.")] = False,
) -> Review:
    return body
