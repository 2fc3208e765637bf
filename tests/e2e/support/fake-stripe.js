// A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js), served by the browser tests
// in its place: Stripe's servers cannot be reached here. It has just enough of Stripe() and Elements
// for @stripe/react-stripe-js to mount a card element and report it ready, so a test can tell
// whether the page (and its Content-Security-Policy) let Stripe.js load at all.
(function () {
  function CardElement(type) {
    this.type = type;
    this.handlers = {};
  }
  CardElement.prototype.on = function (event, handler) {
    (this.handlers[event] = this.handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.off = function (event, handler) {
    this.handlers[event] = (this.handlers[event] || []).filter(function (h) {
      return h !== handler;
    });
    return this;
  };
  CardElement.prototype.mount = function (target) {
    var host = typeof target === "string" ? document.querySelector(target) : target;
    var input = document.createElement("input");
    input.setAttribute("aria-label", "Card details (test Stripe.js)");
    host.appendChild(input);
    this.input = input;
    var self = this;
    setTimeout(function () {
      (self.handlers.ready || []).forEach(function (handler) {
        handler(self);
      });
    }, 0);
  };
  CardElement.prototype.update = function () {};
  CardElement.prototype.unmount = function () {
    if (this.input) this.input.remove();
  };
  CardElement.prototype.destroy = CardElement.prototype.unmount;

  function Stripe(key) {
    if (typeof key !== "string" || key.indexOf("pk_") !== 0) throw new Error("Invalid publishable key");
    var created = {};
    var elements = {
      create: function (type) {
        created[type] = new CardElement(type);
        return created[type];
      },
      getElement: function (type) {
        return created[typeof type === "string" ? type : "card"] || null;
      },
      update: function () {},
    };
    return {
      elements: function () {
        return elements;
      },
      confirmCardPayment: function () {
        return Promise.resolve({ error: { message: "The test Stripe.js takes no payments." } });
      },
      createToken: function () {
        return Promise.resolve({ error: { message: "The test Stripe.js makes no tokens." } });
      },
      createPaymentMethod: function () {
        return Promise.resolve({ error: { message: "The test Stripe.js makes no payment methods." } });
      },
      _registerWrapper: function () {},
      registerAppInfo: function () {},
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
