"""Models as a Django shop writes them: choices, verbose names on some fields and help text on fewer."""
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models


class Product(models.Model):
    class Category(models.TextChoices):
        BOOKS = "books", "Books"
        MUSIC = "music", "Music and records"
        TOYS = "toys", "Toys"

    sku = models.CharField(max_length=12, validators=[RegexValidator(r"^[A-Z]{3}-[0-9]{4}$")], unique=True)
    name = models.CharField(max_length=100)
    category = models.CharField(max_length=10, choices=Category.choices)
    price = models.DecimalField(max_digits=8, decimal_places=2)
    stock = models.PositiveIntegerField(default=0)
    description = models.TextField(blank=True, help_text="Shown on the product page.")


class Order(models.Model):
    class Delivery(models.IntegerChoices):
        STANDARD = 1, "Standard, 3 to 5 days"
        EXPRESS = 2, "Express, next day"

    customer_email = models.EmailField(verbose_name="e-mail for the receipt")
    delivery = models.IntegerField(choices=Delivery.choices, default=Delivery.STANDARD)
    gift_message = models.CharField(max_length=200, blank=True, null=True)
    created = models.DateTimeField(auto_now_add=True)


class OrderLine(models.Model):
    order = models.ForeignKey(Order, related_name="lines", on_delete=models.CASCADE)
    product_sku = models.CharField(max_length=12)
    quantity = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(20)], help_text="How many, from 1 to 20."
    )
