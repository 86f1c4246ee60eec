"""Une petite API d'espace de coworking écrite avec Django Ninja, en français, pour le corpus de Voz.

Run: python ninja_coworking.py > ../ninja-coworking.json
"""

import json
import sys

import django
from django.conf import settings

settings.configure(DEBUG=False, SECRET_KEY="corpus", ROOT_URLCONF=__name__, INSTALLED_APPS=[])
django.setup()

from datetime import date, time  # noqa: E402
from typing import Literal, Optional  # noqa: E402

from django.urls import path  # noqa: E402
from ninja import Field, Header, NinjaAPI, Schema  # noqa: E402
from ninja.security import APIKeyHeader  # noqa: E402
from pydantic import EmailStr  # noqa: E402


class CleApi(APIKeyHeader):
    param_name = "X-Cle-Api"

    def authenticate(self, request, key):
        return key


api = NinjaAPI(
    title="Espace de coworking",
    version="1.2.0",
    description="Réservation de postes et de salles de réunion.",
    servers=[{"url": "https://cowork.example.fr/api"}],
    openapi_extra={"info": {"x-language": "fr"}},
)


class Adresse(Schema):
    rue: str = Field(..., title="Numéro et rue", max_length=120)
    code_postal: str = Field(..., title="Code postal", pattern=r"^[0-9]{5}$")
    ville: str = Field(..., title="Ville", max_length=80)


class Inscription(Schema):
    prenom: str = Field(..., title="Prénom", max_length=50)
    nom: str = Field(..., title="Nom", max_length=50)
    courriel: EmailStr = Field(..., title="Adresse électronique")
    mot_de_passe: str = Field(
        ..., title="Mot de passe", min_length=12, description="Au moins douze caractères.", json_schema_extra={"format": "password"}
    )
    entreprise: Optional[str] = Field(None, title="Entreprise", max_length=100)
    numero_tva: Optional[str] = Field(
        None, title="Numéro de TVA intracommunautaire", pattern=r"^FR[0-9A-Z]{2}[0-9]{9}$", description="Par exemple FR40303265045."
    )
    adresse_facturation: Adresse = Field(..., title="Adresse de facturation")
    formule: Literal["journee", "mensuelle", "annuelle"] = Field(..., title="Formule d'abonnement")


class Membre(Schema):
    id: int
    prenom: str
    nom: str


class Reservation(Schema):
    salle: Literal["atelier", "bocal", "grande-salle"] = Field(..., title="Salle")
    jour: date = Field(..., title="Jour")
    debut: time = Field(..., title="Heure de début")
    fin: time = Field(..., title="Heure de fin", description="Au plus tard 20 h.")
    participants: int = Field(..., title="Nombre de participants", ge=1, le=30)
    equipements: list[Literal["ecran", "visio", "tableau-blanc"]] = Field([], title="Équipements")
    commentaire: Optional[str] = Field(None, title="Commentaire", max_length=600)


class Confirmation(Schema):
    numero: str
    jour: date


@api.post("/membres", response={201: Membre}, summary="S'inscrire", operation_id="inscrireMembre")
def inscrire(request, donnees: Inscription):
    return 201, Membre(id=1, prenom=donnees.prenom, nom=donnees.nom)


@api.post("/reservations", response={201: Confirmation}, auth=CleApi(), summary="Réserver une salle",
          operation_id="reserverSalle")
def reserver(request, donnees: Reservation, x_espace: str = Header(..., alias="X-Espace", description="Code de l'espace.")):
    return 201, Confirmation(numero="R1", jour=donnees.jour)


urlpatterns = [path("api/", api.urls)]

if __name__ == "__main__":
    json.dump(api.get_openapi_schema(), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
