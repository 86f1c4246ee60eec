"""Python logging with the common verbose format: lines wider than 80 columns."""
import logging, time
logging.basicConfig(format="%(asctime)s %(levelname)-8s [%(name)s:%(funcName)s:%(lineno)d] %(message)s", level=logging.INFO)
log = logging.getLogger("inventory.sync")
def sync():
    for shop in ["lisbon-central", "porto-ribeira", "faro-marina"]:
        log.info("synchronised 1,204 stock records for shop %s with the warehouse service in 0.8 s", shop)
        time.sleep(0.3)
    log.warning("3 records skipped because their SKU is missing from the catalogue export")
sync()
