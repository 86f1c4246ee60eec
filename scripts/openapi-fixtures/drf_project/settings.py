"""Settings of the fixture project: just enough for drf-spectacular to describe the API."""
SECRET_KEY = "fixture-only"
DEBUG = False
ALLOWED_HOSTS = ["*"]
INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "rest_framework",
    "drf_spectacular",
    "shop",
]
ROOT_URLCONF = "urls"
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.TokenAuthentication"],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Voz fixtures: a small shop",
    "VERSION": "1.0.0",
    "SERVERS": [{"url": "https://shop.example.com/api"}],
    "COMPONENT_SPLIT_REQUEST": True,
}
