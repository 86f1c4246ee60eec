"""Una piccola API di un negozio di alimentari scritta con Flask e apispec, in italiano, per il corpus di Voz.

The operations are written as YAML in the views' docstrings, as apispec's Flask plugin reads them. One member's
`$ref` is written unquoted on purpose: YAML reads `#...` as a comment, so the published value is null. This is how
hand-written docstring descriptions (apispec, swagger-jsdoc) really break.

Run: python apispec_negozio.py > ../apispec-negozio.yaml
"""

import sys

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec_webframeworks.flask import FlaskPlugin
from flask import Flask
from marshmallow import Schema, fields, validate

app = Flask(__name__)
spec = APISpec(
    title="Negozio di alimentari",
    version="0.4.0",
    openapi_version="3.0.3",
    info={"description": "Ordini con consegna a domicilio.", "x-language": "it"},
    servers=[{"url": "https://negozio.example.it/api"}],
    plugins=[FlaskPlugin(), MarshmallowPlugin()],
)


class Indirizzo(Schema):
    via = fields.String(required=True, metadata={"title": "Via e numero civico"})
    cap = fields.String(required=True, validate=validate.Regexp(r"^[0-9]{5}$"), metadata={"title": "CAP"})
    citta = fields.String(required=True, metadata={"title": "Città"})
    provincia = fields.String(validate=validate.Length(equal=2), metadata={"title": "Provincia", "description": "Sigla, come MI."})


class Categoria(Schema):
    nome = fields.String(required=True, metadata={"description": "Il nome della categoria."})


spec.components.schema("Indirizzo", schema=Indirizzo)
spec.components.schema("Categoria", schema=Categoria)


@app.post("/ordini")
def crea_ordine():
    """Crea un ordine.
    ---
    post:
      summary: Ordina la spesa
      operationId: creaOrdine
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [nome, cognome, email, indirizzo, fascia_oraria]
              properties:
                nome:
                  type: string
                  title: Nome
                cognome:
                  type: string
                  title: Cognome
                email:
                  type: string
                  format: email
                  title: Indirizzo e-mail
                telefono:
                  type: string
                  title: Telefono
                  description: Il corriere ti chiama se non trova il citofono.
                indirizzo:
                  $ref: '#/components/schemas/Indirizzo'
                categoria_preferita:
                  $ref: #/components/schemas/Categoria
                fascia_oraria:
                  type: string
                  title: Fascia oraria di consegna
                  enum: [mattina, pomeriggio, sera]
                giorno_consegna:
                  type: string
                  format: date
                  title: Giorno di consegna
                note:
                  type: string
                  title: Note per il corriere
                  maxLength: 400
      responses:
        "201":
          description: Ordine ricevuto.
    """
    return {}, 201


@app.post("/clienti")
def registra_cliente():
    """Registra un cliente.
    ---
    post:
      summary: Crea un account
      operationId: registraCliente
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [email, password]
              properties:
                email:
                  type: string
                  format: email
                  title: Indirizzo e-mail
                password:
                  type: string
                  format: password
                  minLength: 8
                  title: Password
                  description: Almeno 8 caratteri, con almeno una cifra.
                indirizzo:
                  $ref: #/components/schemas/Indirizzo
      responses:
        "201":
          description: Account creato.
    """
    return {}, 201


with app.test_request_context():
    spec.path(view=crea_ordine)
    spec.path(view=registra_cliente)

if __name__ == "__main__":
    sys.stdout.write(spec.to_yaml())
