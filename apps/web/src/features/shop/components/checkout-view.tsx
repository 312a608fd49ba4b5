import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ShopCatalogue, ShopOrder } from '@evcharge/api/shop/shop';
import {
  shopDeliverySchema,
  type ShopDelivery,
  type ShopDeliveryInput,
  type ShopPaymentMethod,
} from '@evcharge/domain/shop';
import { shopOrderPath, shopPath } from '@/app/charge-paths';
import { paths } from '@/app/paths';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { PathIcon } from '@/components/ui/path-icon';
import { openAcquirerPage } from '@/lib/acquirer-page';
import { ApiError, applyFieldErrors, errorText } from '@/lib/api-error';
import { useFormat } from '@/lib/format';
import { useBalanceQuery, useCardsQuery } from '@/lib/money-query';
import { useSelfQuery } from '@/lib/self-query';
import { useSession } from '@/lib/session';
import { useCreateOrderMutation } from '../api/create-order';
import { pricedCart, setQuantity } from '../model/cart';
import { updateCart, useCart } from '../model/cart-store';
import { deliveryWithProfile } from '../model/delivery-prefill';
import { methodOf, payOptions } from '../model/pay-choice';
import { declineText } from '../model/shop-text';
import { CartLines } from './cart-lines';
import { DeliveryFields } from './delivery-fields';
import { OrderSums } from './order-sums';
import { PayChoiceGroup } from './pay-choice-group';
import { bagPath } from './shop-icons';

const deliveryNames = ['name', 'phone', 'city', 'address', 'postcode', 'comment'] as const;
const serverPaths = Object.fromEntries(deliveryNames.map((name) => [`delivery.${name}`, name]));

/** A refusal about the driver's money, with the way to sort it out. */
function RefusalLink({ error }: { error: unknown }) {
  const { t } = useTranslation('payments');
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'DEBT_BLOCKS')
    return (
      <ButtonLink to={paths.debt} variant="secondary" icon="wallet">
        {t('payments:shop.pay.toDebt')}
      </ButtonLink>
    );
  if (error.code === 'BALANCE_TOO_LOW')
    return (
      <ButtonLink to={paths.wallet} variant="secondary" icon="wallet">
        {t('payments:shop.pay.topUp')}
      </ButtonLink>
    );
  return null;
}

/** The cart, where the goods go, how to pay, and the order placed and paid in one step. */
export function CheckoutView({ catalogue, owner }: { catalogue: ShopCatalogue; owner: string }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const navigate = useNavigate();
  const cart = useCart(owner);
  const balance = useBalanceQuery();
  const cards = useCardsQuery();
  const self = useSelfQuery();
  const sessionUser = useSession()?.user;
  const profile = self.data ?? sessionUser;
  const create = useCreateOrderMutation();
  const [chosen, setChosen] = useState<ShopPaymentMethod | null>(null);
  const [declined, setDeclined] = useState<ShopOrder | null>(null);
  const [isLeaving, setLeaving] = useState(false);
  const { lines, totals } = pricedCart(cart.lines, catalogue);
  const options = payOptions(balance.data, cards.data, totals.totalMinor);
  const method = methodOf(chosen, options);
  const { register, handleSubmit, setError, formState } = useForm<
    ShopDeliveryInput,
    unknown,
    ShopDelivery
  >({
    resolver: zodResolver(shopDeliverySchema),
    // The recipient and the phone from the profile where the cart has none typed.
    defaultValues: deliveryWithProfile(cart.delivery, profile),
  });
  const error = create.error;
  const isFieldError =
    error instanceof ApiError &&
    error.fields.length > 0 &&
    error.fields.every((field) => field.path in serverPaths);

  const onSubmit = handleSubmit(async (delivery) => {
    setDeclined(null);
    try {
      const { order, redirectUrl } = await create.mutateAsync({
        items: lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity })),
        delivery,
        paymentMethod: method,
      });
      if (order.status === 'failed') {
        setDeclined(order);
        return;
      }
      if (order.status === 'paid') {
        updateCart(owner, (state) => ({ ...state, lines: [], awaitingOrderId: null }));
      } else {
        updateCart(owner, (state) => ({ ...state, awaitingOrderId: order.id }));
      }
      if (redirectUrl) {
        setLeaving(true);
        openAcquirerPage(redirectUrl);
        return;
      }
      void navigate(shopOrderPath(order.id));
    } catch (caught) {
      applyFieldErrors(caught, deliveryNames, setError, serverPaths);
    }
  });

  if (lines.length === 0) {
    return (
      <section className="shop-empty" data-testid="cart-empty">
        <span className="shop-empty__icon" aria-hidden="true">
          <PathIcon d={bagPath} size={36} />
        </span>
        <h2>{t('payments:shop.cart.emptyTitle')}</h2>
        <p className="muted">{t('payments:shop.cart.emptyText')}</p>
        <ButtonLink to={shopPath()} variant="primary" icon="chevronRight">
          {t('payments:shop.cart.toGoods')}
        </ButtonLink>
      </section>
    );
  }
  return (
    <form
      className="checkout"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid="checkout"
    >
      <div className="checkout__main">
        <section className="card" aria-labelledby="cart-title">
          <h2 id="cart-title" className="card__title">
            {t('payments:shop.cart.title')}
          </h2>
          {lines.length < cart.lines.length && (
            <Alert tone="warning" testId="cart-dropped">
              <p>{t('payments:shop.cart.dropped')}</p>
            </Alert>
          )}
          <CartLines
            lines={lines}
            currency={catalogue.currency}
            onQuantity={(line, quantity) =>
              updateCart(owner, (state) => ({
                ...state,
                lines: setQuantity(state.lines, line.item, quantity),
              }))
            }
          />
        </section>
        <section className="card">
          <DeliveryFields
            register={register}
            errors={formState.errors}
            onType={(name, value) =>
              updateCart(owner, (state) => ({
                ...state,
                delivery: { ...state.delivery, [name]: value },
              }))
            }
          />
        </section>
      </div>
      <aside className="checkout__side">
        <section className="card checkout__pay" aria-labelledby="pay-title">
          <h2 id="pay-title" className="card__title">
            {t('payments:shop.summary.title')}
          </h2>
          <OrderSums totals={totals} currency={catalogue.currency} testId="checkout-sums" />
          <PayChoiceGroup
            options={options}
            currency={catalogue.currency}
            value={method}
            onChange={setChosen}
          />
          {declined && (
            <Alert
              tone="error"
              title={t('payments:shop.pay.declinedTitle')}
              testId="checkout-declined"
            >
              <p data-code={declined.payment?.errorCode ?? undefined}>
                {t('payments:shop.pay.declinedText', {
                  number: declined.number,
                  reason: declineText(t, declined.payment?.errorCode),
                })}
              </p>
            </Alert>
          )}
          {error && !isFieldError && (
            <Alert tone="error" testId="checkout-error">
              <p data-code={error instanceof ApiError ? error.code : undefined}>
                {errorText(t, error)}
              </p>
              <RefusalLink error={error} />
            </Alert>
          )}
          {isLeaving && (
            <Alert tone="info" testId="checkout-to-bank">
              <p>{t('payments:shop.pay.toBank')}</p>
            </Alert>
          )}
          <Button
            type="submit"
            variant="primary"
            icon={method === 'balance' ? 'wallet' : 'card'}
            block
            isLoading={create.isPending || isLeaving}
            data-testid="checkout-submit"
          >
            {t('payments:shop.pay.submit', {
              amount: format.money(totals.totalMinor, catalogue.currency),
            })}
          </Button>
        </section>
      </aside>
    </form>
  );
}
