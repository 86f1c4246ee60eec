"""Writes drf-branches.yaml: the OpenAPI description drf-spectacular gives this small Django REST framework app,
whose request body is a PolymorphicProxySerializer.

Run once, with Django 4.2.17, djangorestframework 3.15.2 and drf-spectacular 0.28.0 on the Python path:
    python3 make-drf-branches.py > drf-branches.yaml
"""

import django
from django.conf import settings

settings.configure(
    SECRET_KEY="fixture",
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework", "drf_spectacular"],
    REST_FRAMEWORK={"DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema"},
    SPECTACULAR_SETTINGS={"TITLE": "Shop", "VERSION": "1.0.0", "SERVERS": [{"url": "http://127.0.0.1:8000"}]},
)
django.setup()

from django.urls import path  # noqa: E402
from drf_spectacular.generators import SchemaGenerator  # noqa: E402
from drf_spectacular.renderers import OpenApiYamlRenderer  # noqa: E402
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema  # noqa: E402
from rest_framework import serializers  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.views import APIView  # noqa: E402


class CardSerializer(serializers.Serializer):
    method = serializers.CharField()
    number = serializers.CharField(min_length=12, max_length=19, help_text="The long number on the front.")


class TransferSerializer(serializers.Serializer):
    method = serializers.CharField()
    iban = serializers.CharField(label="IBAN")


class PaymentView(APIView):
    @extend_schema(
        operation_id="createPayment",
        summary="Pay",
        request=PolymorphicProxySerializer(
            component_name="Payment",
            serializers={"card": CardSerializer, "transfer": TransferSerializer},
            resource_type_field_name="method",
        ),
        responses={201: None},
    )
    def post(self, request):
        return Response(status=201)


urlpatterns = [path("payments/", PaymentView.as_view())]

schema = SchemaGenerator().get_schema(request=None, public=True)
print(OpenApiYamlRenderer().render(schema, renderer_context={}).decode(), end="")
