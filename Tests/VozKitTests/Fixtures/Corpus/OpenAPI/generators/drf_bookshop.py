"""A small bookshop API written with Django REST framework, described by drf-spectacular, for Voz's corpus.

Run: python drf_bookshop.py > ../drf-bookshop.yaml
"""

import sys

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="corpus",
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework", "drf_spectacular"],
    REST_FRAMEWORK={
        "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
        "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.TokenAuthentication"],
    },
    SPECTACULAR_SETTINGS={
        "TITLE": "Bookshop",
        "VERSION": "2.3.0",
        "SERVERS": [{"url": "https://shop.example.org"}],
        "COMPONENT_SPLIT_REQUEST": True,
    },
)
django.setup()

from django.urls import path  # noqa: E402
from drf_spectacular.generators import SchemaGenerator  # noqa: E402
from drf_spectacular.utils import extend_schema  # noqa: E402
from rest_framework import serializers, views  # noqa: E402
from rest_framework.response import Response  # noqa: E402

# MARK: serializers

COUNTRIES = [("ES", "Spain"), ("FR", "France"), ("DE", "Germany"), ("IT", "Italy"), ("PT", "Portugal")]


class CustomerSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    username = serializers.RegexField(r"^[\w.@+-]+$", max_length=150, help_text="Letters, digits and @/./+/-/_ only.")
    email = serializers.EmailField()
    first_name = serializers.CharField(max_length=150, required=False, allow_blank=True)
    last_name = serializers.CharField(max_length=150, required=False, allow_blank=True)
    password = serializers.CharField(write_only=True, min_length=8, style={"input_type": "password"})
    newsletter = serializers.BooleanField(default=False, help_text="Send me the monthly newsletter.")
    date_joined = serializers.DateTimeField(read_only=True)


class PasswordResetSerializer(serializers.Serializer):
    email = serializers.EmailField()


class PasswordResetConfirmSerializer(serializers.Serializer):
    uid = serializers.CharField()
    token = serializers.CharField()
    new_password1 = serializers.CharField(write_only=True, max_length=128, label="New password")
    new_password2 = serializers.CharField(write_only=True, max_length=128, label="New password (again)")


class AddressSerializer(serializers.Serializer):
    full_name = serializers.CharField(max_length=200)
    line1 = serializers.CharField(max_length=200, label="Address line 1")
    line2 = serializers.CharField(max_length=200, required=False, allow_blank=True, label="Address line 2")
    city = serializers.CharField(max_length=100)
    postcode = serializers.CharField(max_length=16)
    country = serializers.ChoiceField(choices=COUNTRIES)


class CardSerializer(serializers.Serializer):
    name_on_card = serializers.CharField(max_length=100)
    number = serializers.RegexField(r"^\d{13,19}$", help_text="The long number on the front of the card.")
    exp_month = serializers.IntegerField(min_value=1, max_value=12)
    exp_year = serializers.IntegerField(min_value=2025)
    cvc = serializers.RegexField(r"^\d{3,4}$", write_only=True)


class OrderLineSerializer(serializers.Serializer):
    isbn = serializers.RegexField(r"^(97[89])?\d{9}[\dX]$", help_text="ISBN-10 or ISBN-13, without dashes.")
    quantity = serializers.IntegerField(min_value=1, max_value=20, default=1)


class CheckoutSerializer(serializers.Serializer):
    lines = OrderLineSerializer(many=True)
    shipping_address = AddressSerializer()
    billing_same_as_shipping = serializers.BooleanField(default=True)
    card = CardSerializer()
    delivery = serializers.ChoiceField(choices=[("standard", "Standard, 3-5 days"), ("express", "Express, next day")])
    gift_message = serializers.CharField(max_length=500, required=False, allow_blank=True)
    order_number = serializers.CharField(read_only=True)


class ReviewSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    rating = serializers.ChoiceField(choices=[(1, "1"), (2, "2"), (3, "3"), (4, "4"), (5, "5")])
    title = serializers.CharField(max_length=120)
    body = serializers.CharField(max_length=5000, help_text="What did you think of the book? No spoilers please.")
    spoiler_level = serializers.ChoiceField(choices=[("", "None"), ("mild", "Mild"), ("heavy", "Heavy")],
                                            allow_blank=True, required=False)
    reading_format = serializers.ChoiceField(choices=[("paper", "Paper")], default="paper")


# MARK: views


class RegisterView(views.APIView):
    authentication_classes = []

    @extend_schema(request=CustomerSerializer, responses={201: CustomerSerializer}, summary="Create an account")
    def post(self, request):
        return Response(status=201)


class PasswordResetView(views.APIView):
    authentication_classes = []

    @extend_schema(request=PasswordResetSerializer, responses={200: None}, summary="Ask for a password reset e-mail")
    def post(self, request):
        return Response()


class PasswordResetConfirmView(views.APIView):
    authentication_classes = []

    @extend_schema(request=PasswordResetConfirmSerializer, responses={200: None}, summary="Choose a new password")
    def post(self, request):
        return Response()


class CheckoutView(views.APIView):
    @extend_schema(request=CheckoutSerializer, responses={201: CheckoutSerializer}, summary="Place an order")
    def post(self, request):
        return Response(status=201)


class ReviewView(views.APIView):
    @extend_schema(request=ReviewSerializer, responses={201: ReviewSerializer}, summary="Review a book")
    def post(self, request, isbn):
        return Response(status=201)


urlpatterns = [
    path("api/register/", RegisterView.as_view()),
    path("api/password/reset/", PasswordResetView.as_view()),
    path("api/password/reset/confirm/", PasswordResetConfirmView.as_view()),
    path("api/checkout/", CheckoutView.as_view()),
    path("api/books/<str:isbn>/reviews/", ReviewView.as_view()),
]

if __name__ == "__main__":
    from drf_spectacular.renderers import OpenApiYamlRenderer

    schema = SchemaGenerator().get_schema(request=None, public=True)
    sys.stdout.write(OpenApiYamlRenderer().render(schema, renderer_context={}).decode())
