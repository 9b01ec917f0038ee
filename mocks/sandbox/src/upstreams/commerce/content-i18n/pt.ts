/** Portuguese content of the sandbox's content library (storefront §3 Content assets, FAQs). */
import { countriesBody, footerLinksBody, type ContentTranslation } from './types.ts';

export const PT: ContentTranslation = {
  renewalFaqsName: 'Perguntas frequentes sobre a renovação',
  assets: {
    Countries_List: {
      name: 'Países incluídos',
      body: countriesBody(
        [
          'Europa',
          'Alemanha,Áustria,Bélgica,Eslováquia,Espanha,França,Itália,Luxemburgo,Países Baixos,Portugal,Reino Unido,República Checa',
        ],
        ['América do Norte', 'Canadá,Estados Unidos'],
      ),
    },
    Footer_Links: {
      name: 'Ligações do rodapé',
      body: footerLinksBody([
        'Termos e condições',
        'Política de privacidade',
        'Política de cookies',
        'Perguntas frequentes',
        'Contacte-nos',
      ]),
    },
    Footer_Copyright: {
      name: 'Direitos de autor do rodapé',
      body: '<p>&copy; {year} Aurora Automotive Ltd. Todos os direitos reservados.</p>',
    },
    Need_any_Help: {
      name: 'Precisa de ajuda?',
      body: '<h3>Precisa de ajuda?</h3><p>Ligue-nos para o 0800 000 0000, de segunda a sexta-feira, das 8h às 20h.</p><p><a href="https://www.example.com/contact">Contacte-nos</a> ou leia as nossas <a href="/faqs">perguntas frequentes</a>.</p>',
    },
    Need_Help_Content: {
      name: 'Ajuda',
      body: '<h2>Como podemos ajudar?</h2><p>Encontre respostas sobre renovações, pagamentos e a sua conta nas nossas perguntas frequentes, ou fale com o nosso apoio ao cliente pelo 0800 000 0000 (de segunda a sexta-feira, das 8h às 20h).</p>',
    },
    Terms_Conditions: {
      name: 'Termos e condições de compra',
      body: '<h2>1. Âmbito</h2><p>Estes termos aplicam-se aos serviços de veículo conectado (funções remotas e navegação conectada) comprados para um veículo neste site.</p><h2>2. Contrato e preço</h2><p>O contrato é celebrado quando confirmamos a sua encomenda. Os preços apresentados incluem IVA. Uma subscrição dura o plano escolhido e, se a renovação automática estiver ativa, renova-se no fim até que a cancele na sua conta.</p><h2>3. Direito de livre resolução</h2><p>Pode desistir no prazo de 14 dias após a encomenda e receber o reembolso do preço pago; peça-o em As minhas subscrições.</p><h2>4. Ativação</h2><p>Alguns serviços precisam de uma atualização no veículo, transferida na próxima ligação.</p><h2>5. Contacto</h2><p>Apoio ao cliente: 0800 000 0000, de segunda a sexta-feira, das 8h às 20h.</p>',
    },
  },
  faqs: {
    'faq-renewal-when': [
      'Quando começa o meu plano renovado?',
      '<p>O seu plano renovado começa no dia em que termina o plano atual, por isso nunca perde um dia de serviço.</p>',
    ],
    'faq-renewal-early': [
      'Posso renovar antes de o meu plano expirar?',
      '<p>Sim. Pode renovar a qualquer momento; o novo período é acrescentado ao fim do seu plano atual.</p>',
    ],
    'faq-renewal-expired': [
      'O meu plano expirou. Ainda posso renovar?',
      '<p>Sim. Ao renovar um plano expirado, o serviço recomeça a partir do dia da compra.</p>',
    ],
    'faq-renewal-auto': [
      'Como funciona a renovação automática?',
      '<p>Onde a renovação automática é oferecida, o seu cartão guardado é debitado no fim de cada período. Pode desativá-la a qualquer momento em <strong>As minhas subscrições</strong>.</p>',
    ],
    'faq-account-create': [
      'Como crio uma conta?',
      '<p>Escolha <strong>Iniciar sessão</strong>, depois <strong>Criar conta</strong>, e siga os passos. Precisa do endereço de e-mail associado ao seu veículo.</p>',
    ],
    'faq-account-email': [
      'Como altero o meu endereço de e-mail?',
      '<p>Abra <strong>A minha conta</strong>, escolha <strong>Editar perfil</strong> e introduza o novo endereço de e-mail. Enviamos-lhe uma ligação de confirmação.</p>',
    ],
    'faq-account-password': [
      'Esqueci-me da palavra-passe. O que devo fazer?',
      '<p>Na página de início de sessão escolha <strong>Esqueci-me da palavra-passe</strong>; enviamos-lhe por e-mail uma ligação para definir uma nova.</p>',
    ],
    'faq-refund-how': [
      'Como peço um reembolso?',
      '<p>Abra <strong>As minhas subscrições</strong>, escolha <strong>Gerir</strong> e depois <strong>Pedir reembolso</strong>. Os reembolsos são possíveis durante o período de livre resolução de 14 dias.</p>',
    ],
    'faq-refund-time': [
      'Quanto tempo demora um reembolso?',
      '<p>Os reembolsos chegam ao seu cartão ou conta bancária em 5 a 10 dias úteis.</p>',
    ],
    'faq-cancel': [
      'Como cancelo a minha subscrição?',
      '<p>Desative a renovação automática em <strong>As minhas subscrições</strong>. O serviço mantém-se ativo até ao fim do período pago.</p>',
    ],
    'faq-cs-what': [
      'O que são serviços conectados?',
      '<p>Os serviços conectados levam ao seu veículo trânsito em tempo real, pesquisa online, atualizações de mapas e funções remotas através da ligação integrada.</p>',
    ],
    'faq-cs-countries': [
      'Em que países funciona a Navegação conectada?',
      '<p>A Navegação conectada funciona em todos os países do seu plano; consulte a lista de países na página do produto.</p>',
    ],
    'faq-cs-activate': [
      'Quanto tempo demora a ativação?',
      '<p>Os serviços ficam normalmente ativos poucos minutos após a compra. Ligue o veículo para receber a atualização.</p>',
    ],
    'faq-payment-methods': [
      'Que métodos de pagamento posso usar?',
      '<p>Aceitamos Visa, Mastercard e American Express e, em alguns países, iDEAL ou Bancontact.</p>',
    ],
    'faq-payment-card': [
      'Como altero o meu cartão guardado?',
      '<p>Abra <strong>O meu método de pagamento</strong> na sua conta e adicione um novo cartão; este substitui o anterior.</p>',
    ],
    'faq-payment-declined': [
      'Porque foi recusado o meu pagamento?',
      '<p>O seu banco pode ter recusado o pagamento. Verifique os dados e o limite do cartão, ou experimente outro cartão.</p>',
    ],
    'faq-contact-how': [
      'Como contacto o apoio ao cliente?',
      '<p>Ligue-nos para o 0800 000 0000, de segunda a sexta-feira, das 8h às 20h, ou use o formulário de contacto.</p>',
    ],
    'faq-contact-hours': [
      'Quando está aberto o apoio ao cliente?',
      '<p>De segunda a sexta-feira, das 8h às 20h, e ao sábado, das 9h às 13h, exceto feriados.</p>',
    ],
    'faq-contact-dealer': [
      'O meu concessionário pode ajudar-me?',
      '<p>Sim. O seu concessionário pode ajudar com questões sobre o veículo; para subscrições e pagamentos, contacte o apoio ao cliente.</p>',
    ],
  },
};
