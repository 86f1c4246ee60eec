"""A small hotel-booking API written with Flask-smorest (marshmallow schemas), for Voz's corpus.

Run: python smorest_hotel.py > ../smorest-hotel.json
"""

import json
import sys

from flask import Flask
from flask.views import MethodView
from flask_smorest import Api, Blueprint
from marshmallow import Schema, fields, validate

app = Flask(__name__)
app.config.update(
    API_TITLE="Hotel bookings",
    API_VERSION="1.4",
    OPENAPI_VERSION="3.0.3",
    API_SPEC_OPTIONS={
        "servers": [{"url": "https://hotel.example.net/v1"}],
        "components": {"securitySchemes": {"ApiKey": {"type": "apiKey", "in": "header", "name": "X-Api-Key"}}},
        "security": [{"ApiKey": []}],
    },
)
api = Api(app)
blp = Blueprint("bookings", __name__, description="Rooms, guests and bookings")

# MARK: schemas


class GuestSchema(Schema):
    first_name = fields.String(required=True, validate=validate.Length(max=50))
    last_name = fields.String(required=True, validate=validate.Length(max=50))
    age = fields.Integer(validate=validate.Range(min=0, max=120), metadata={"description": "Age on the day of arrival."})
    child = fields.Boolean(dump_only=True)


class AddressSchema(Schema):
    street = fields.String(required=True)
    city = fields.String(required=True)
    postal_code = fields.String(required=True, validate=validate.Regexp(r"^[A-Z0-9 -]{3,10}$"))
    country = fields.String(required=True, validate=validate.Length(equal=2), metadata={"example": "GB"})


class BookingSchema(Schema):
    id = fields.Integer(dump_only=True)
    reference = fields.String(dump_only=True)
    room_type = fields.String(
        required=True, validate=validate.OneOf(["single", "double", "twin", "suite"]), metadata={"description": "Kind of room."}
    )
    check_in = fields.Date(required=True)
    check_out = fields.Date(required=True, metadata={"description": "Must be after the check-in date."})
    arrival_time = fields.Time(metadata={"description": "Approximate time of arrival."})
    guests = fields.List(fields.Nested(GuestSchema), required=True, validate=validate.Length(min=1, max=4))
    contact_email = fields.Email(required=True)
    contact_phone = fields.String(validate=validate.Length(max=20))
    billing_address = fields.Nested(AddressSchema, required=True)
    breakfast = fields.Boolean(load_default=False)
    special_requests = fields.String(validate=validate.Length(max=1000))
    website = fields.Url(metadata={"description": "Your company's website, for business stays."})
    created_at = fields.DateTime(dump_only=True)


class AccountSchema(Schema):
    id = fields.UUID(dump_only=True)
    email = fields.Email(required=True)
    password = fields.String(required=True, load_only=True, validate=validate.Length(min=12))
    display_name = fields.String(validate=validate.Length(max=40))
    loyalty_number = fields.String(validate=validate.Regexp(r"^HX[0-9]{8}$"), metadata={"description": "HX followed by 8 digits."})


class CancelSchema(Schema):
    reason = fields.String(required=True, validate=validate.OneOf(["change_of_plans", "found_cheaper", "illness", "other"]))
    comment = fields.String(validate=validate.Length(max=300))


# MARK: views


@blp.route("/bookings")
class Bookings(MethodView):
    @blp.arguments(BookingSchema)
    @blp.response(201, BookingSchema)
    def post(self, data):
        """Book a room"""
        return data


@blp.route("/bookings/<int:booking_id>/cancel")
class Cancel(MethodView):
    @blp.arguments(CancelSchema)
    @blp.response(200, BookingSchema)
    def post(self, data, booking_id):
        """Cancel a booking"""
        return data


@blp.route("/accounts")
class Accounts(MethodView):
    @blp.arguments(AccountSchema)
    @blp.response(201, AccountSchema)
    def post(self, data):
        """Create a guest account"""
        return data


api.register_blueprint(blp)

if __name__ == "__main__":
    with app.app_context():
        json.dump(api.spec.to_dict(), sys.stdout, indent=2)
    sys.stdout.write("\n")
