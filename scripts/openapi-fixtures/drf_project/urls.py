from django.urls import include, path
from rest_framework.routers import DefaultRouter

from shop import views

router = DefaultRouter()
router.register("orders", views.OrderViewSet, basename="order")
router.register("products", views.ProductViewSet, basename="product")

urlpatterns = [
    path("signup/", views.SignUpView.as_view(), name="signup"),
    path("", include(router.urls)),
]
