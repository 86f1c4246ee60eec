"""A small newsletter and events API written with APIFlask, for Voz's corpus.

Run: python apiflask_newsletter.py > ../apiflask-newsletter.yaml
"""

import sys

from apiflask import APIFlask, Schema
from apiflask.fields import Boolean, Date, DateTime, Email, Integer, List, Nested, String, URL
from apiflask.validators import Length, OneOf, Range, Regexp

app = APIFlask(__name__, title="Newsletter and events", version="0.9.2")
app.config["SERVERS"] = [{"url": "https://news.example.com/api"}]
app.config["SPEC_FORMAT"] = "yaml"
app.security_schemes = {"ApiKeyAuth": {"type": "apiKey", "in": "header", "name": "Api-Key"}}

# MARK: schemas


class SubscribeIn(Schema):
    email = Email(required=True)
    name = String(validate=Length(max=100), metadata={"description": "How we greet you in each issue."})
    topics = List(String(validate=OneOf(["science", "culture", "sport", "travel"])), validate=Length(min=1))
    frequency = String(load_default="weekly", validate=OneOf(["daily", "weekly", "monthly"]))
    consent = Boolean(required=True, metadata={"description": "I agree to receive e-mails. You can leave at any time."})
    captcha_token = String(metadata={"description": "Token from the captcha widget."})


class SubscriberOut(Schema):
    id = Integer()
    email = Email()
    confirmed = Boolean()


class UnsubscribeIn(Schema):
    email = Email(required=True)
    reason = String(validate=OneOf(["too_many", "not_relevant", "never_signed_up", "other"]))
    feedback = String(validate=Length(max=2000))


class SpeakerIn(Schema):
    full_name = String(required=True, validate=Length(max=120))
    bio = String(validate=Length(max=1500))
    homepage = URL()


class EventIn(Schema):
    title = String(required=True, validate=Length(min=5, max=140))
    starts_on = Date(required=True)
    registration_closes = DateTime(metadata={"description": "Leave empty to keep registration open until the start."})
    capacity = Integer(required=True, validate=Range(min=1, max=5000))
    venue_code = String(required=True, validate=Regexp(r"^[A-Z]{3}-[0-9]{2}$"))
    speakers = List(Nested(SpeakerIn), validate=Length(max=5))
    online = Boolean(load_default=False)


class EventOut(EventIn):
    id = Integer()
    slug = String()


# MARK: routes


@app.post("/subscribers")
@app.input(SubscribeIn)
@app.output(SubscriberOut, status_code=201)
def subscribe(json_data):
    """Subscribe to the newsletter"""
    return json_data


@app.post("/subscribers/unsubscribe")
@app.input(UnsubscribeIn)
@app.output({}, status_code=204)
def unsubscribe(json_data):
    """Unsubscribe"""
    return ""


@app.post("/events")
@app.doc(security="ApiKeyAuth")
@app.input(EventIn)
@app.output(EventOut, status_code=201)
def create_event(json_data):
    """Announce an event"""
    return json_data


if __name__ == "__main__":
    sys.stdout.write(app._get_spec("yaml", force_update=True))
