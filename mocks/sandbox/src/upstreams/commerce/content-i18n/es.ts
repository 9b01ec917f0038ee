/** Spanish content of the sandbox's content library (storefront §3 Content assets, FAQs). */
import { countriesBody, footerLinksBody, type ContentTranslation } from './types.ts';

export const ES: ContentTranslation = {
  renewalFaqsName: 'Preguntas frecuentes sobre la renovación',
  assets: {
    Countries_List: {
      name: 'Países incluidos',
      body: countriesBody(
        [
          'Europa',
          'Alemania,Austria,Bélgica,Eslovaquia,España,Francia,Italia,Luxemburgo,Países Bajos,Portugal,Reino Unido,República Checa',
        ],
        ['Norteamérica', 'Canadá,Estados Unidos'],
      ),
    },
    Footer_Links: {
      name: 'Enlaces del pie de página',
      body: footerLinksBody([
        'Términos y condiciones',
        'Política de privacidad',
        'Política de cookies',
        'Preguntas frecuentes',
        'Contacto',
      ]),
    },
    Footer_Copyright: {
      name: 'Copyright del pie de página',
      body: '<p>&copy; {year} Aurora Automotive Ltd. Todos los derechos reservados.</p>',
    },
    Need_any_Help: {
      name: '¿Necesita ayuda?',
      body: '<h3>¿Necesita ayuda?</h3><p>Llámenos al 0800 000 0000, de lunes a viernes de 8:00 a 20:00.</p><p><a href="https://www.example.com/contact">Contacte con nosotros</a> o lea nuestras <a href="/faqs">preguntas frecuentes</a>.</p>',
    },
    Need_Help_Content: {
      name: 'Ayuda',
      body: '<h2>¿Cómo podemos ayudarle?</h2><p>Encuentre respuestas sobre renovaciones, pagos y su cuenta en nuestras preguntas frecuentes, o hable con nuestro servicio de atención al cliente en el 0800 000 0000 (de lunes a viernes, de 8:00 a 20:00).</p>',
    },
    Terms_Conditions: {
      name: 'Términos y condiciones de compra',
      body: '<h2>1. Ámbito</h2><p>Estas condiciones se aplican a los servicios de vehículo conectado (funciones remotas y navegación conectada) comprados para un vehículo en este sitio web.</p><h2>2. Contrato y precio</h2><p>El contrato se celebra cuando confirmamos su pedido. Los precios mostrados incluyen el IVA. Una suscripción dura el plan elegido y, si la renovación automática está activada, se renueva a su término hasta que la cancele en su cuenta.</p><h2>3. Derecho de desistimiento</h2><p>Puede desistir en un plazo de 14 días desde el pedido y recibir el reembolso del precio pagado; solicítelo en Mis suscripciones.</p><h2>4. Activación</h2><p>Algunos servicios necesitan una actualización en el vehículo, que se descarga la próxima vez que se conecte.</p><h2>5. Contacto</h2><p>Atención al cliente: 0800 000 0000, de lunes a viernes de 8:00 a 20:00.</p>',
    },
  },
  faqs: {
    'faq-renewal-when': [
      '¿Cuándo empieza mi plan renovado?',
      '<p>Su plan renovado empieza el día en que termina su plan actual, así que nunca pierde un día de servicio.</p>',
    ],
    'faq-renewal-early': [
      '¿Puedo renovar antes de que caduque mi plan?',
      '<p>Sí. Puede renovar en cualquier momento; el nuevo periodo se añade al final de su plan actual.</p>',
    ],
    'faq-renewal-expired': [
      'Mi plan ha caducado. ¿Todavía puedo renovarlo?',
      '<p>Sí. Al renovar un plan caducado, el servicio se reinicia desde el día de la compra.</p>',
    ],
    'faq-renewal-auto': [
      '¿Cómo funciona la renovación automática?',
      '<p>Donde se ofrece la renovación automática, se carga a su tarjeta guardada al final de cada periodo. Puede desactivarla en cualquier momento en <strong>Mis suscripciones</strong>.</p>',
    ],
    'faq-account-create': [
      '¿Cómo creo una cuenta?',
      '<p>Elija <strong>Iniciar sesión</strong>, luego <strong>Crear cuenta</strong>, y siga los pasos. Necesita la dirección de correo electrónico vinculada a su vehículo.</p>',
    ],
    'faq-account-email': [
      '¿Cómo cambio mi dirección de correo electrónico?',
      '<p>Abra <strong>Mi cuenta</strong>, elija <strong>Editar perfil</strong> e introduzca su nueva dirección. Le enviaremos un enlace de confirmación.</p>',
    ],
    'faq-account-password': [
      'He olvidado mi contraseña. ¿Qué hago?',
      '<p>En la página de inicio de sesión elija <strong>He olvidado mi contraseña</strong>; le enviaremos un enlace para crear una nueva.</p>',
    ],
    'faq-refund-how': [
      '¿Cómo solicito un reembolso?',
      '<p>Abra <strong>Mis suscripciones</strong>, elija <strong>Gestionar</strong> y después <strong>Solicitar reembolso</strong>. Los reembolsos son posibles durante el periodo de desistimiento de 14 días.</p>',
    ],
    'faq-refund-time': [
      '¿Cuánto tarda un reembolso?',
      '<p>Los reembolsos llegan a su tarjeta o cuenta bancaria en un plazo de 5 a 10 días hábiles.</p>',
    ],
    'faq-cancel': [
      '¿Cómo cancelo mi suscripción?',
      '<p>Desactive la renovación automática en <strong>Mis suscripciones</strong>. Su servicio sigue activo hasta el final del periodo pagado.</p>',
    ],
    'faq-cs-what': [
      '¿Qué son los servicios conectados?',
      '<p>Los servicios conectados llevan a su vehículo información de tráfico en tiempo real, búsqueda en línea, actualizaciones de mapas y funciones remotas a través de su conexión integrada.</p>',
    ],
    'faq-cs-countries': [
      '¿En qué países funciona la Navegación conectada?',
      '<p>La Navegación conectada funciona en todos los países de su plan; consulte la lista de países en la página del producto.</p>',
    ],
    'faq-cs-activate': [
      '¿Cuánto tarda la activación?',
      '<p>Los servicios suelen estar activos a los pocos minutos de la compra. Arranque su vehículo para recibir la actualización.</p>',
    ],
    'faq-payment-methods': [
      '¿Qué métodos de pago puedo usar?',
      '<p>Aceptamos Visa, Mastercard y American Express y, en algunos países, iDEAL o Bancontact.</p>',
    ],
    'faq-payment-card': [
      '¿Cómo cambio mi tarjeta guardada?',
      '<p>Abra <strong>Mi método de pago</strong> en su cuenta y añada una tarjeta nueva; sustituye a la anterior.</p>',
    ],
    'faq-payment-declined': [
      '¿Por qué se ha rechazado mi pago?',
      '<p>Es posible que su banco haya rechazado el pago. Compruebe los datos de la tarjeta y su límite, o pruebe con otra tarjeta.</p>',
    ],
    'faq-contact-how': [
      '¿Cómo contacto con atención al cliente?',
      '<p>Llámenos al 0800 000 0000, de lunes a viernes de 8:00 a 20:00, o use el formulario de contacto.</p>',
    ],
    'faq-contact-hours': [
      '¿Cuándo está abierta la atención al cliente?',
      '<p>De lunes a viernes de 8:00 a 20:00 y los sábados de 9:00 a 13:00, excepto festivos.</p>',
    ],
    'faq-contact-dealer': [
      '¿Puede ayudarme mi concesionario?',
      '<p>Sí. Su concesionario puede ayudarle con preguntas sobre el vehículo; para suscripciones y pagos, contacte con atención al cliente.</p>',
    ],
  },
};
