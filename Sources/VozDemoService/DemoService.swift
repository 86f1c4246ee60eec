/// The embedded demo account service (design §8).
public enum DemoServiceInfo {}
