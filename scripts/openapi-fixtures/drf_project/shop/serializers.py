"""Serializers: a plain one for the sign-up, ModelSerializers for the shop, one nested `many=True`."""
from rest_framework import serializers

from .models import Order, OrderLine, Product

COUNTRIES = [("ES", "Spain"), ("MX", "Mexico"), ("AR", "Argentina"), ("GB", "United Kingdom")]


class AddressSerializer(serializers.Serializer):
    street = serializers.CharField(max_length=120)
    city = serializers.CharField()
    postal_code = serializers.RegexField(r"^[0-9]{5}$", help_text="Five digits, such as 28001.")


class SignUpSerializer(serializers.Serializer):
    email = serializers.EmailField(label="E-mail address", help_text="We send the confirmation here.")
    password = serializers.CharField(write_only=True, min_length=12, max_length=128, style={"input_type": "password"})
    name = serializers.CharField(max_length=80)
    birth_date = serializers.DateField()
    country = serializers.ChoiceField(choices=COUNTRIES)
    accept_terms = serializers.BooleanField(label="I accept the terms of service")
    address = AddressSerializer()
    tags = serializers.ListField(child=serializers.CharField(max_length=20), max_length=5, required=False)
    referral_code = serializers.CharField(required=False, allow_null=True, min_length=6, max_length=6)
    age = serializers.IntegerField(min_value=16, max_value=120)


class ProductSerializer(serializers.ModelSerializer):
    class Meta:
        model = Product
        fields = ["id", "sku", "name", "category", "price", "stock", "description"]


class OrderLineSerializer(serializers.ModelSerializer):
    class Meta:
        model = OrderLine
        fields = ["product_sku", "quantity"]


class OrderSerializer(serializers.ModelSerializer):
    lines = OrderLineSerializer(many=True)

    class Meta:
        model = Order
        fields = ["id", "customer_email", "delivery", "gift_message", "lines", "created"]
        read_only_fields = ["created"]
