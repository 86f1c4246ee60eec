"""Eine kleine Bibliotheks-API mit Flask und Spectree, auf Deutsch, für Voz' Korpus.

Run: python spectree_bibliothek.py > ../spectree-bibliothek.json
"""

import json
import sys
from datetime import date
from enum import Enum
from typing import Optional

from flask import Flask
from pydantic import BaseModel, EmailStr, Field
from spectree import Response, SpecTree

app = Flask(__name__)
spec = SpecTree(
    "flask",
    title="Stadtbibliothek",
    version="2.0.1",
    servers=[{"url": "https://bibliothek.example.de/api"}],
    security_schemes=[{"name": "ApiSchluessel", "data": {"type": "apiKey", "name": "Api-Key", "field_in": "header"}}],
    annotations=True,
)


class Anrede(str, Enum):
    frau = "Frau"
    herr = "Herr"
    keine = "keine Angabe"


class Anschrift(BaseModel):
    strasse: str = Field(title="Straße und Hausnummer", max_length=100)
    plz: str = Field(title="Postleitzahl", pattern=r"^[0-9]{5}$")
    ort: str = Field(title="Ort", max_length=60)


class Anmeldung(BaseModel):
    anrede: Anrede = Field(title="Anrede")
    vorname: str = Field(title="Vorname", max_length=50)
    nachname: str = Field(title="Nachname", max_length=50)
    geburtsdatum: date = Field(title="Geburtsdatum", description="Kinder unter 14 Jahren brauchen die Unterschrift der Eltern.")
    email: EmailStr = Field(title="E-Mail-Adresse")
    passwort: str = Field(title="Passwort", min_length=10, json_schema_extra={"format": "password", "writeOnly": True})
    anschrift: Anschrift = Field(title="Anschrift")
    ermaessigung: bool = Field(False, title="Ermäßigung", description="Für Schüler, Studierende und Rentner.")


class Ausweis(BaseModel):
    ausweisnummer: str
    gueltig_bis: date


class Vormerkung(BaseModel):
    medium_id: str = Field(title="Mediennummer", pattern=r"^M[0-9]{7}$", description="Steht auf dem Etikett, zum Beispiel M0012345.")
    abholung: str = Field(title="Abholort", json_schema_extra={"enum": ["Zentralbibliothek", "Stadtteilbibliothek Nord"]})
    benachrichtigung: list[str] = Field(default=["email"], title="Benachrichtigung per", json_schema_extra={"items": {"enum": ["email", "sms"]}})
    notiz: Optional[str] = Field(None, title="Notiz", max_length=300)


class Bestaetigung(BaseModel):
    vormerkung_id: int


@app.route("/anmeldungen", methods=["POST"])
@spec.validate(json=Anmeldung, resp=Response(HTTP_201=Ausweis))
def anmelden(json: Anmeldung):
    """Bibliotheksausweis beantragen"""
    return Ausweis(ausweisnummer="1", gueltig_bis=date.today()).model_dump_json(), 201


@app.route("/vormerkungen", methods=["POST"])
@spec.validate(json=Vormerkung, resp=Response(HTTP_201=Bestaetigung), security={"ApiSchluessel": []})
def vormerken(json: Vormerkung):
    """Ein Medium vormerken"""
    return Bestaetigung(vormerkung_id=1).model_dump_json(), 201


spec.register(app)

if __name__ == "__main__":
    with app.app_context():
        json.dump(spec.spec, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
