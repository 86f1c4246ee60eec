"""Writes fastapi-branches.json: the OpenAPI description FastAPI gives this small app of discriminated unions.

Run once, with FastAPI 0.115.6 and pydantic 2.10.4 on the Python path:
    python3 make-fastapi-branches.py > fastapi-branches.json
"""

import json
from typing import Annotated, Literal, Optional, Union

from fastapi import Body, FastAPI
from pydantic import BaseModel, Field

app = FastAPI(title="Shop", version="1.0.0", servers=[{"url": "http://127.0.0.1:8000"}])


class Card(BaseModel):
    method: Literal["card"]
    number: str = Field(title="Card number", min_length=12, max_length=19)
    holder: str


class Transfer(BaseModel):
    method: Literal["transfer"]
    iban: str = Field(title="IBAN", description="The account to pay from.")
    holder: str


class Order(BaseModel):
    email: str
    payment: Annotated[Union[Card, Transfer], Field(discriminator="method")]
    gift_note: Optional[str] = Field(description="Printed on the card.")
    nickname: Optional[str] = None
    size: Union[int, str]


class Cat(BaseModel):
    pet_type: Literal["cat"]
    name: str
    meows: int


class Dog(BaseModel):
    pet_type: Literal["dog"]
    name: str
    barks: float


@app.post("/orders", operation_id="createOrder", summary="Place an order")
def create_order(order: Order) -> dict:
    return {}


@app.post("/pets", operation_id="addPet", summary="Add a pet")
def add_pet(pet: Annotated[Union[Cat, Dog], Body(discriminator="pet_type")]) -> dict:
    return {}


print(json.dumps(app.openapi(), indent=2))
