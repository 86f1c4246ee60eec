from drf_spectacular.utils import extend_schema
from rest_framework import generics, mixins, viewsets

from .models import Order, Product
from .serializers import OrderSerializer, ProductSerializer, SignUpSerializer


class SignUpView(generics.CreateAPIView):
    serializer_class = SignUpSerializer

    @extend_schema(operation_id="signUp", summary="Create an account")
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)


class OrderViewSet(mixins.CreateModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Order.objects.all()
    serializer_class = OrderSerializer


class ProductViewSet(viewsets.ModelViewSet):
    queryset = Product.objects.all()
    serializer_class = ProductSerializer
